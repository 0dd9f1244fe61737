package io.github.wscache.benchmarks.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.benchmarks.KeyMethod;
import io.github.wscache.benchmarks.fixtures.Operation;
import io.github.wscache.benchmarks.fixtures.Payloads;
import io.github.wscache.benchmarks.fixtures.Registrations;
import io.github.wscache.benchmarks.fixtures.SearchPojo;
import io.github.wscache.core.CacheKey;
import io.github.wscache.core.Invocation;
import io.github.wscache.core.KeyProbe;
import io.github.wscache.core.copy.CopierRegistry;
import io.github.wscache.core.copy.CopyStrategy;
import io.github.wscache.core.xml.XmlRecording;
import io.github.wscache.google.stub.GoogleSearchServiceStub.GoogleSearchResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jol.info.GraphLayout;

/**
 * Paper 001 Tables 8 and 9: the retained bytes of each key and value representation, measured
 * with JOL ({@code GraphLayout.parseInstance(...).totalSize()}: every object reachable from the
 * representation, headers and padding included). Deterministic, so it is computed, not
 * benchmarked. {@code main} writes the tables as Markdown.
 */
public final class MemoryTable {
    /** Marks a cell that does not apply. */
    public static final long NOT_APPLICABLE = -1;

    static {
        // JOL walks into the Class objects a key may name; on JDK 17 they reach records
        // (wscache's memoized plans), whose field offsets JOL can only find this way
        System.setProperty("jol.magicFieldOffset", "true");
    }

    private MemoryTable() {
    }

    /** Writes {@code memory.md} into the directory {@code args[0]} (default target/report). */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/report");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("memory.md"), markdown(), StandardCharsets.UTF_8);
    }

    /**
     * Table 8: what the parameter part adds to a {@code CacheKey}, in bytes, per key method
     * (rows) and operation (columns): JOL size of the key minus that of the same key without
     * parameters. Parameter values referenced by the key are counted (the key retains them).
     */
    public static Map<String, long[]> keys() {
        Map<String, long[]> rows = new LinkedHashMap<>();
        for (KeyMethod m : KeyMethod.values()) {
            long[] row = new long[Operation.values().length];
            for (Operation op : Operation.values()) {
                try {
                    Invocation inv = m.invocation(op);
                    CacheKey key = (CacheKey) m.prepare(op).get();
                    // the auto key of a bean names the bean's Class: shared, not per key
                    Class<?> shared = Payloads.requestBean(op).getClass();
                    row[op.ordinal()] = size(key, shared)
                            - size(KeyProbe.withParameters(inv, null), shared);
                } catch (Exception e) {
                    throw new IllegalStateException(m + " " + op, e);
                }
            }
            rows.put(m.title(), row);
        }
        return rows;
    }

    /**
     * Table 9: the retained bytes of each cached value representation (rows) per operation
     * (columns). The search column uses the ADB beans, except for the rows marked POJO.
     */
    public static Map<String, long[]> values() {
        CopierRegistry copiers = Registrations.copiers();
        Map<String, long[]> rows = new LinkedHashMap<>();
        Operation[] ops = Operation.values();
        long[] xml = new long[ops.length];
        long[] events = new long[ops.length];
        long[] estimate = new long[ops.length];
        long[] java = new long[ops.length];
        long[] kryo = new long[ops.length];
        long[] object = new long[ops.length];
        long[] json = new long[ops.length];
        ObjectMapper mapper = new ObjectMapper();
        for (Operation op : ops) {
            int i = op.ordinal();
            byte[] envelope = Payloads.responseEnvelope(op);
            xml[i] = size(envelope);
            XmlRecording recording;
            try {
                recording = XmlRecording.parse(envelope);
                Object value = Payloads.value(op);
                Object serializable = op == Operation.SEARCH
                        ? SearchPojo.from((GoogleSearchResult) value) : value;
                java[i] = size(serialized(copiers, serializable));
                kryo[i] = size(Registrations.kryo(Object.class).capture(value));
                object[i] = size(value);
                json[i] = size(mapper.writeValueAsBytes(serializable));
            } catch (Exception e) {
                throw new IllegalStateException(op.toString(), e);
            }
            events[i] = size(recording);
            estimate[i] = recording.retainedSize();
        }
        rows.put("XML message (envelope bytes)", xml);
        rows.put("Events recording (JOL)", events);
        rows.put("Events recording (wscache retainedSize())", estimate);
        rows.put("Java serialized form (search: POJO)", java);
        rows.put("Kryo bytes (search: ADB)", kryo);
        rows.put("Java object (search: ADB beans)", object);
        long[] pojo = {NOT_APPLICABLE, NOT_APPLICABLE,
            size(SearchPojo.from((GoogleSearchResult) Payloads.value(Operation.SEARCH)))};
        rows.put("Java object (search: POJO mirror)", pojo);
        rows.put("Jackson JSON bytes (search: POJO)", json);
        return rows;
    }

    private static Object serialized(CopierRegistry copiers, Object value) {
        @SuppressWarnings("unchecked")
        Class<Object> type = (Class<Object>) value.getClass();
        return copiers.of(CopyStrategy.SERIALIZATION, type).capture(value);
    }

    private static long size(Object o) {
        return GraphLayout.parseInstance(o).totalSize();
    }

    /** Returns the size of the graph of {@code o} without what {@code shared} reaches. */
    private static long size(Object o, Object shared) {
        return GraphLayout.parseInstance(o).subtract(GraphLayout.parseInstance(shared))
                .totalSize();
    }

    /** Returns both tables as Markdown. */
    public static String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("### Memory size of cache keys (Table 8), parameter part, bytes\n\n");
        table(sb, keys());
        sb.append("\n### Memory size of cached values (Table 9), bytes\n\n");
        table(sb, values());
        return sb.toString();
    }

    static void table(StringBuilder sb, Map<String, long[]> rows) {
        List<String> header = new ArrayList<>();
        header.add("(bytes)");
        for (Operation op : Operation.values()) {
            header.add(op.title());
        }
        sb.append("| ").append(String.join(" | ", header)).append(" |\n");
        sb.append("|---").append("|---:".repeat(Operation.values().length)).append("|\n");
        for (Map.Entry<String, long[]> e : rows.entrySet()) {
            sb.append("| ").append(e.getKey());
            for (long v : e.getValue()) {
                sb.append(" | ").append(v == NOT_APPLICABLE ? "n/a" : String.format("%,d", v));
            }
            sb.append(" |\n");
        }
    }
}
