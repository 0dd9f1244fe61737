package io.github.wscache.edge.internal;

import java.util.List;

/**
 * The {@code test} of an {@code <esi:when>} (ESI 1.0 §3.3 and §6): operands are variables
 * ({@code $(HTTP_COOKIE{group})}, with an optional default), string literals in single quotes and
 * numbers; comparisons {@code == != < > <= >=}; {@code !} (not), {@code &} (and), {@code |} (or)
 * and parentheses. A comparison is numeric when both sides are numbers, else by string. An
 * operand alone is true when it is neither empty nor {@code false} (so that
 * {@code $(HTTP_ACCEPT_LANGUAGE{en})} works as the spec's boolean).
 *
 * <p>Parsed once, when the document is parsed: a test that does not parse, nests deeper than
 * {@value #MAX_DEPTH} or is longer than {@value #MAX_LENGTH} characters is an
 * {@link EsiSyntaxException}, which fails the document rather than guessing a branch.
 * Evaluating never fails and never loops.
 */
public final class EsiExpression {
    static final int MAX_LENGTH = 1024;
    static final int MAX_DEPTH = 16;

    private sealed interface Expr permits Not, And, Or, Compare, Operand {
    }

    private record Not(Expr e) implements Expr {
    }

    private record And(Expr a, Expr b) implements Expr {
    }

    private record Or(Expr a, Expr b) implements Expr {
    }

    private record Compare(Operand a, String op, Operand b) implements Expr {
    }

    /** A literal ({@code template} null) or a variable reference. */
    private record Operand(String literal, EsiTemplate variable) implements Expr {
        String value(EsiVariables vars) {
            return literal != null ? literal : variable.render(vars, EsiTemplate.Escape.NONE);
        }
    }

    private final Expr root;
    private final String source;

    private EsiExpression(String source, Expr root) {
        this.source = source;
        this.root = root;
    }

    /**
     * Parses a test.
     *
     * @throws EsiSyntaxException when it is not a valid ESI 1.0 expression
     */
    public static EsiExpression parse(String test) {
        if (test.length() > MAX_LENGTH) {
            throw new EsiSyntaxException("esi:when test longer than " + MAX_LENGTH
                    + " characters");
        }
        Parser p = new Parser(test);
        Expr e = p.or(0);
        p.skip();
        if (p.at < test.length()) {
            throw p.error("unexpected '" + test.charAt(p.at) + "'");
        }
        return new EsiExpression(test, e);
    }

    /** Returns the test as written. */
    public String source() {
        return source;
    }

    /** Evaluates the test for a request's variables. */
    public boolean test(EsiVariables vars) {
        return eval(root, vars);
    }

    private static boolean eval(Expr e, EsiVariables vars) {
        if (e instanceof Not n) {
            return !eval(n.e(), vars);
        } else if (e instanceof And a) {
            return eval(a.a(), vars) && eval(a.b(), vars);
        } else if (e instanceof Or o) {
            return eval(o.a(), vars) || eval(o.b(), vars);
        } else if (e instanceof Compare c) {
            return compare(c.a().value(vars), c.op(), c.b().value(vars));
        }
        String v = ((Operand) e).value(vars);
        return !v.isEmpty() && !v.equals("false");
    }

    private static boolean compare(String a, String op, String b) {
        int cmp;
        Double x = number(a);
        Double y = number(b);
        if (x != null && y != null) {
            cmp = Double.compare(x, y);
        } else {
            cmp = a.compareTo(b);
        }
        return switch (op) {
            case "==" -> cmp == 0;
            case "!=" -> cmp != 0;
            case "<" -> cmp < 0;
            case ">" -> cmp > 0;
            case "<=" -> cmp <= 0;
            default -> cmp >= 0;
        };
    }

    private static Double number(String s) {
        if (s.isEmpty() || !s.matches("-?[0-9]{1,18}(\\.[0-9]{1,18})?")) {
            return null;
        }
        return Double.valueOf(s);
    }

    /** Recursive descent over the test; depth-bounded. */
    private static final class Parser {
        private final String s;
        private int at;

        Parser(String s) {
            this.s = s;
        }

        Expr or(int depth) {
            Expr e = and(depth);
            while (peek('|')) {
                at++;
                e = new Or(e, and(depth));
            }
            return e;
        }

        Expr and(int depth) {
            Expr e = unary(depth);
            while (peek('&')) {
                at++;
                e = new And(e, unary(depth));
            }
            return e;
        }

        Expr unary(int depth) {
            if (depth > MAX_DEPTH) {
                throw error("nested deeper than " + MAX_DEPTH);
            }
            if (peek('!') && !s.startsWith("!=", at)) {
                at++;
                return new Not(unary(depth + 1));
            }
            if (peek('(')) {
                at++;
                Expr e = or(depth + 1);
                if (!peek(')')) {
                    throw error("missing ')'");
                }
                at++;
                return e;
            }
            Operand a = operand();
            skip();
            for (String op : List.of("==", "!=", "<=", ">=", "<", ">")) {
                if (s.startsWith(op, at)) {
                    at += op.length();
                    return new Compare(a, op, operand());
                }
            }
            return a;
        }

        Operand operand() {
            skip();
            if (at >= s.length()) {
                throw error("missing operand");
            }
            char c = s.charAt(at);
            if (c == '\'') {
                int end = s.indexOf('\'', at + 1);
                if (end < 0) {
                    throw error("unterminated string");
                }
                String lit = s.substring(at + 1, end);
                at = end + 1;
                return new Operand(lit, null);
            }
            if (c == '$' && s.startsWith("$(", at)) {
                int end = closingParen(at + 1);
                EsiTemplate t = EsiTemplate.parse(s.substring(at, end + 1));
                if (!t.hasVariables()) {
                    throw error("malformed variable");
                }
                at = end + 1;
                return new Operand(null, t);
            }
            int start = at;
            while (at < s.length() && (Character.isDigit(s.charAt(at)) || s.charAt(at) == '.'
                    || at == start && s.charAt(at) == '-')) {
                at++;
            }
            String num = s.substring(start, at);
            if (number(num) == null) {
                at = start;
                throw error("expected a variable, a 'string' or a number");
            }
            return new Operand(num, null);
        }

        /** The ')' that closes the variable at {@code open}, skipping a quoted default. */
        private int closingParen(int open) {
            boolean quoted = false;
            for (int i = open + 1; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '\'') {
                    quoted = !quoted;
                } else if (c == ')' && !quoted) {
                    return i;
                }
            }
            throw error("unterminated variable");
        }

        boolean peek(char c) {
            skip();
            return at < s.length() && s.charAt(at) == c;
        }

        void skip() {
            while (at < s.length() && Character.isWhitespace(s.charAt(at))) {
                at++;
            }
        }

        EsiSyntaxException error(String what) {
            return new EsiSyntaxException("esi:when test \"" + s + "\": " + what + " at "
                    + at);
        }
    }
}
