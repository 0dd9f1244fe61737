package io.github.wscache.benchmarks.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The results of one JMH run, read from its JSON output ({@code -rf json}). */
final class Results {
    /** One benchmark cell. */
    static final class Cell {
        final String benchmark;
        final String method;
        final Map<String, String> params;
        final double score;
        final double error;
        final String unit;

        Cell(String benchmark, String method, Map<String, String> params, double score,
                double error, String unit) {
            this.benchmark = benchmark;
            this.method = method;
            this.params = params;
            this.score = score;
            this.error = error;
            this.unit = unit;
        }
    }

    final List<Cell> cells;
    final JsonNode first;

    private Results(List<Cell> cells, JsonNode first) {
        this.cells = cells;
        this.first = first;
    }

    static Results read(List<Path> jsons) throws IOException {
        List<Cell> cells = new ArrayList<>();
        JsonNode first = null;
        for (Path json : jsons) {
            JsonNode root = new ObjectMapper().readTree(json.toFile());
            if (first == null && root.size() > 0) {
                first = root.get(0);
            }
            read(root, cells);
        }
        return new Results(cells, first);
    }

    private static void read(JsonNode root, List<Cell> cells) {
        for (JsonNode n : root) {
            String full = n.get("benchmark").asText();
            int dot = full.lastIndexOf('.');
            String cls = full.substring(full.lastIndexOf('.', dot - 1) + 1, dot);
            Map<String, String> params = new LinkedHashMap<>();
            JsonNode p = n.get("params");
            if (p != null) {
                Iterator<Map.Entry<String, JsonNode>> it = p.fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    params.put(e.getKey(), e.getValue().asText());
                }
            }
            JsonNode m = n.get("primaryMetric");
            double error = m.get("scoreError").asDouble(Double.NaN);
            cells.add(new Cell(cls, full.substring(dot + 1), Collections.unmodifiableMap(params),
                    m.get("score").asDouble(), error, m.get("scoreUnit").asText()));
        }
    }

    /** Returns the cell of {@code benchmark.method} whose params include {@code kv} pairs. */
    Optional<Cell> find(String benchmark, String method, String... kv) {
        for (Cell c : cells) {
            if (!c.benchmark.equals(benchmark) || !c.method.equals(method)) {
                continue;
            }
            boolean match = true;
            for (int i = 0; i < kv.length; i += 2) {
                if (!kv[i + 1].equals(c.params.get(kv[i]))) {
                    match = false;
                    break;
                }
            }
            if (match) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** Returns the score of the cell, or NaN when the run did not include it. */
    double score(String benchmark, String method, String... kv) {
        return find(benchmark, method, kv).map(c -> c.score).orElse(Double.NaN);
    }

    String runInfo(String field) {
        return first == null || first.get(field) == null ? "?" : first.get(field).asText();
    }
}
