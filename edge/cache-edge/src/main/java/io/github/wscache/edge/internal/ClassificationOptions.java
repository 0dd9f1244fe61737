package io.github.wscache.edge.internal;

import io.github.wscache.edge.ClientClassification;
import io.github.wscache.edge.ClientClassification.ServerAction;
import io.github.wscache.edge.EdgeServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The command line's client classification options ({@code --classify-pages},
 * {@code --action-pages}, ...) made into a {@link ClientClassification} for the
 * {@link EdgeCommand}: classification is on when either page list is given, and the other
 * options without them are a mistake rather than silently without effect.
 */
final class ClassificationOptions {
    /** The options this class reads; {@link EdgeCommand} hands them over. */
    static final Set<EdgeOption> OPTIONS = Set.of(EdgeOption.CLASSIFY_PAGES,
            EdgeOption.ACTION_PAGES, EdgeOption.SERVER_ACTIONS, EdgeOption.OPTIONAL_INCLUDES,
            EdgeOption.POOR_FIRST, EdgeOption.POOR_LAST, EdgeOption.RICH_FIRST,
            EdgeOption.RICH_LAST, EdgeOption.GZIP_FOR_ALL, EdgeOption.CLIENT_ADDRESS_HEADER);

    private ClassificationOptions() {
    }

    /**
     * Sets the classification of {@code b} from the settings of {@link #OPTIONS}.
     *
     * @throws EdgeCommand.UsageException naming the flag or the place in the file
     */
    static void apply(EdgeServer.Builder b, Map<EdgeOption, EdgeCommand.Setting> all) {
        ClientClassification c = classification(all);
        if (c != null) {
            b.clientClassification(c);
        }
    }

    /**
     * Returns the classification the settings give, or {@code null} when they give none.
     *
     * @throws EdgeCommand.UsageException naming the flag or the place in the file
     */
    @SuppressWarnings("unchecked")
    static ClientClassification classification(Map<EdgeOption, EdgeCommand.Setting> all) {
        Map<EdgeOption, EdgeCommand.Setting> s = new EnumMap<>(EdgeOption.class);
        all.forEach((o, v) -> {
            if (OPTIONS.contains(o)) {
                s.put(o, v);
            }
        });
        if (s.isEmpty()) {
            return null;
        }
        if (!s.containsKey(EdgeOption.CLASSIFY_PAGES) && !s.containsKey(EdgeOption.ACTION_PAGES)) {
            EdgeCommand.Setting first = s.values().iterator().next();
            throw new EdgeCommand.UsageException(first.where() + " has no effect without "
                    + "--classify-pages or --action-pages; give the pages too", false);
        }
        ClientClassification.Builder c = ClientClassification.builder();
        for (Map.Entry<EdgeOption, EdgeCommand.Setting> e : s.entrySet()) {
            Object v = e.getValue().value();
            try {
                switch (e.getKey()) {
                    case CLASSIFY_PAGES:
                        c.classifyPages(((List<String>) v).toArray(new String[0]));
                        break;
                    case ACTION_PAGES:
                        c.actionPages(((List<String>) v).toArray(new String[0]));
                        break;
                    case SERVER_ACTIONS:
                        c.actions(actions((List<String>) v));
                        break;
                    case OPTIONAL_INCLUDES:
                        c.optionalIncludes(((List<String>) v).toArray(new String[0]));
                        break;
                    case GZIP_FOR_ALL:
                        c.gzipForAll((Boolean) v);
                        break;
                    case CLIENT_ADDRESS_HEADER:
                        c.clientAddressHeader((String) v);
                        break;
                    default:
                        // the thresholds: set together below
                        break;
                }
            } catch (IllegalArgumentException ex) {
                throw new EdgeCommand.UsageException(e.getValue().where() + ": "
                        + ex.getMessage(), false);
            }
        }
        ClientClassification defaults = ClientClassification.builder().build();
        c.poorThresholds(duration(s, EdgeOption.POOR_FIRST, defaults.poorFirst()),
                duration(s, EdgeOption.POOR_LAST, defaults.poorLast()));
        c.richThresholds(duration(s, EdgeOption.RICH_FIRST, defaults.richFirst()),
                duration(s, EdgeOption.RICH_LAST, defaults.richLast()));
        try {
            return c.build();
        } catch (IllegalStateException ex) {
            List<String> where = new ArrayList<>();
            for (EdgeOption o : List.of(EdgeOption.POOR_FIRST, EdgeOption.POOR_LAST,
                    EdgeOption.RICH_FIRST, EdgeOption.RICH_LAST)) {
                if (s.containsKey(o)) {
                    where.add(s.get(o).where());
                }
            }
            throw new EdgeCommand.UsageException(String.join(", ", where) + ": "
                    + ex.getMessage(), false);
        }
    }

    private static Duration duration(Map<EdgeOption, EdgeCommand.Setting> s, EdgeOption o,
            Duration otherwise) {
        EdgeCommand.Setting v = s.get(o);
        return v == null ? otherwise : (Duration) v.value();
    }

    private static ServerAction[] actions(List<String> names) {
        List<ServerAction> out = new ArrayList<>();
        for (String n : names) {
            ServerAction a = ServerAction.byToken(n);
            if (a == null || n.trim().startsWith(".")) {
                throw new IllegalArgumentException("unknown server action '" + n
                        + "'; the actions are gzip, reduce and enrich");
            }
            out.add(a);
        }
        return out.toArray(new ServerAction[0]);
    }
}
