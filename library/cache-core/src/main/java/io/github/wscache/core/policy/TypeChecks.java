package io.github.wscache.core.policy;

import io.github.wscache.core.copy.CopierRegistry;

/** Type facts the policy checks rely on: is {@code toString} overridden, which copier fits. */
final class TypeChecks {
    private TypeChecks() {
    }

    static boolean overridesToString(Class<?> c) {
        if (c.isPrimitive() || c.isEnum()) {
            return true;
        }
        if (c.isArray() || c.isInterface()) {
            return false;
        }
        try {
            return c.getMethod("toString").getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /**
     * Returns what to write instead for a type: the automatic choice under {@code copiers}, or
     * events.
     */
    static String suggestion(Class<?> c, CopierRegistry copiers) {
        return copiers.isCopyable(c) ? "auto (" + copiers.forType(c).strategy().name()
                .toLowerCase(java.util.Locale.ROOT) + " for this type)" : "events";
    }

    static Class<?> load(String name, ClassLoader loader) {
        switch (name) {
            case "int":
                return int.class;
            case "long":
                return long.class;
            case "boolean":
                return boolean.class;
            case "double":
                return double.class;
            case "float":
                return float.class;
            case "short":
                return short.class;
            case "byte":
                return byte.class;
            case "char":
                return char.class;
            default:
                break;
        }
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}
