package io.github.wscache.axis.internal;

import io.github.wscache.core.Invocation;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.xml.namespace.QName;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.description.AxisMessage;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.wsdl.WSDLConstants;

/**
 * Names an operation as its WSDL writes it, whatever Axis2 calls it.
 *
 * <p>The ADB code generator turns a WSDL operation name into a Java identifier (first letter
 * lowered: {@code KeywordSearch} becomes the method and {@code AxisOperation}
 * {@code keywordSearch}), and that is the only name a stub's {@code AxisOperation} keeps. The
 * WSDL's own name survives on the wire: as the payload's wrapper element (document/literal
 * wrapped and rpc/literal both name it after the operation) and usually as the last segment of
 * the SOAP action. An administrator writes the policy from the WSDL, so the cache names the
 * operation by the WSDL name and lets the other names match only as fallbacks.
 *
 * <p>The rules, in order (documented in the configuration reference):
 * <ol>
 *   <li>the operation's name is the first of the payload element's local name, the SOAP
 *       action's last segment that is the same identifier as the Axis2 name up to case and
 *       punctuation ({@code KeywordSearch} ~ {@code keywordSearch}); else the Axis2 name; a
 *       client without an operation (a plain {@code ServiceClient}) is named by its payload
 *       element, else by its SOAP action;</li>
 *   <li>its aliases, tried in this order when no policy entry names the operation itself: the
 *       Axis2 (Java) name, the payload element, the SOAP action's last segment, and the Java
 *       name with its first letter raised (a stub whose request carries no wrapper element).</li>
 * </ol>
 */
final class OperationNames {
    private static final ClassValue<String> ELEMENT_NAMES = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
            return elementName(type);
        }
    };

    /**
     * The names already worked out, by their inputs: the rules are a pure function of them and
     * cost a few hundred nanoseconds (normalizing, splitting the action), paid on every call
     * otherwise. Bounded: past {@link #MEMO_MAX} distinct inputs (clients that vary the action
     * per call, say) names are worked out each time.
     */
    private static final Map<Inputs, Named> MEMO = new ConcurrentHashMap<>();
    private static final int MEMO_MAX = 4096;

    /** The operations Axis2 adds to every client's service, which no WSDL names. */
    private static final Set<QName> ANONYMOUS = Set.of(ServiceClient.ANON_OUT_IN_OP,
            ServiceClient.ANON_OUT_ONLY_OP, ServiceClient.ANON_ROBUST_OUT_ONLY_OP);

    private record Inputs(String javaName, String element, String action) {
    }

    /** An operation's name and its aliases in the order they are tried (nulls left out). */
    private record Named(String operation, String[] aliases) {
    }

    private OperationNames() {
    }

    /**
     * Sets the operation name and aliases of a call.
     *
     * @param javaName the stub's {@code AxisOperation} or method name, or {@code null}
     * @param element the payload element's local name, or {@code null}
     * @param action the SOAP or WS-Addressing action, or {@code null}
     * @return a builder for the call
     */
    static Invocation.Builder builder(String javaName, String element, String action) {
        Inputs inputs = new Inputs(javaName, element, action);
        Named named = MEMO.get(inputs);
        if (named == null) {
            named = name(javaName, element, action);
            if (MEMO.size() < MEMO_MAX) {
                MEMO.putIfAbsent(inputs, named);
            }
        }
        Invocation.Builder b = Invocation.builder(named.operation());
        for (String alias : named.aliases()) {
            b.alias(alias);
        }
        return b;
    }

    private static Named name(String javaName, String element, String action) {
        String segment = lastSegment(action);
        List<String> names = new ArrayList<>(4);
        String operation = null;
        if (javaName != null) {
            for (String candidate : new String[] {element, segment}) {
                if (candidate != null && sameIdentifier(candidate, javaName)) {
                    operation = candidate;
                    break;
                }
            }
            if (operation == null) {
                operation = javaName;
            }
            names.add(javaName);
        } else {
            operation = element != null ? element : segment != null ? segment : "unknown";
        }
        names.add(element);
        names.add(segment);
        if (javaName != null && !javaName.isEmpty()) {
            names.add(Character.toUpperCase(javaName.charAt(0)) + javaName.substring(1));
        }
        names.removeIf(Objects::isNull);
        return new Named(operation, names.toArray(new String[0]));
    }

    /**
     * Returns every name a call of {@code service}'s operations may carry, for
     * {@link io.github.wscache.core.ResponseCache#declareOperations}: per operation its input
     * element and its SOAP action's last segment when the service knows them, its Axis2 (Java)
     * name and that name with its first letter raised. Axis2's anonymous operations (a plain
     * {@code ServiceClient}'s) are left out.
     */
    static List<String> all(AxisService service) {
        List<String> names = new ArrayList<>();
        for (Iterator<AxisOperation> it = service.getOperations(); it.hasNext(); ) {
            AxisOperation op = it.next();
            QName name = op.getName();
            if (name == null || ANONYMOUS.contains(name)) {
                continue;
            }
            // the wire's names first: they are the WSDL's, and a report shows the first
            names.add(inputElement(op));
            names.add(lastSegment(op.getSoapAction()));
            String javaName = name.getLocalPart();
            names.add(javaName);
            if (!javaName.isEmpty()) {
                names.add(Character.toUpperCase(javaName.charAt(0)) + javaName.substring(1));
            }
        }
        names.removeIf(Objects::isNull);
        return names;
    }

    /** The local name of an operation's input element, or null (some kinds of operation throw). */
    private static String inputElement(AxisOperation op) {
        try {
            AxisMessage in = op.getMessage(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
            QName element = in == null ? null : in.getElementQName();
            return element == null ? null : element.getLocalPart();
        } catch (RuntimeException e) {
            return null; // OutOnlyAxisOperation: "Not yet implemented"
        }
    }

    /**
     * Returns the XML element name an ADB bean class is generated for (its static
     * {@code MY_QNAME}), or {@code null} for other classes.
     */
    static String elementName(Object bean) {
        return bean == null ? null : ELEMENT_NAMES.get(bean.getClass());
    }

    private static String elementName(Class<?> type) {
        try {
            Field f = type.getField("MY_QNAME");
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == QName.class) {
                QName q = (QName) f.get(null);
                return q == null ? null : q.getLocalPart();
            }
        } catch (NoSuchFieldException | IllegalAccessException | RuntimeException e) {
            return null;
        }
        return null;
    }

    static String lastSegment(String action) {
        if (action == null || action.isBlank()) {
            return null;
        }
        String a = action.replace("\"", "").trim();
        int cut = Math.max(Math.max(a.lastIndexOf(':'), a.lastIndexOf('/')), a.lastIndexOf('#'));
        String s = cut >= 0 ? a.substring(cut + 1) : a;
        return s.isBlank() ? null : s;
    }

    /** Whether two names are the same identifier up to case and non-alphanumerics. */
    static boolean sameIdentifier(String a, String b) {
        return normalize(a).equals(normalize(b));
    }

    private static String normalize(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                sb.append(c);
            }
        }
        return sb.toString().toLowerCase(Locale.ROOT);
    }
}
