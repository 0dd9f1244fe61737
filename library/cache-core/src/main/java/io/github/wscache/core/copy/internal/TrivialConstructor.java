package io.github.wscache.core.copy.internal;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Decides whether a class's no-arg constructor is <em>trivial</em>: its bytecode does nothing but
 * call a trivial no-arg constructor of the direct superclass ({@code Object()} at the top) and
 * store constants in fields. Running such a constructor has no effect the copy does not overwrite,
 * so the {@link BeanNode} may allocate with it, a plain {@code new} that the JIT inlines, instead
 * of Objenesis's serialization constructor, a reflective {@code Constructor.newInstance} per
 * object that the profile of a search-result copy showed taking most of the time. Any other
 * constructor (a call, an allocation, a static write, a class constant) is left alone: the copy
 * then runs no constructor at all, as before.
 *
 * <p>The class file is read with a minimal parser of the JVM specification's format (§4.1,
 * §4.4, §4.7.3); a class whose bytes cannot be found or read counts as not trivial.
 */
final class TrivialConstructor {

    private static final ClassValue<Boolean> TRIVIAL = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return check(type);
        }
    };

    private TrivialConstructor() {
    }

    /** Returns whether {@code type} has a no-arg constructor that has no effect. */
    static boolean isTrivial(Class<?> type) {
        return TRIVIAL.get(type);
    }

    private static boolean check(Class<?> type) {
        if (type == Object.class) {
            return true;
        }
        if (type.isInterface() || type.isArray() || type.isPrimitive() || type.isHidden()
                || type.getSuperclass() == null) {
            return false;
        }
        String name = type.getName();
        String file = name.substring(name.lastIndexOf('.') + 1) + ".class";
        try (InputStream in = type.getResourceAsStream(file)) {
            if (in == null) {
                return false;
            }
            String superName = type.getSuperclass().getName().replace('.', '/');
            int result = new Reader(new DataInputStream(in), name.replace('.', '/'), superName)
                    .noArgConstructor();
            return result == Reader.CALLS_SUPER && isTrivial(type.getSuperclass());
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Reads one class file up to its no-arg constructor. */
    private static final class Reader {
        static final int NOT_TRIVIAL = 0;
        static final int CALLS_SUPER = 1;

        private static final int UTF8 = 1;
        private static final int INTEGER = 3;
        private static final int FLOAT = 4;
        private static final int LONG = 5;
        private static final int DOUBLE = 6;
        private static final int CLASS = 7;
        private static final int STRING = 8;
        private static final int METHOD_REF = 10;
        private static final int NAME_AND_TYPE = 12;

        private final DataInputStream in;
        private final String thisName;
        private final String superName;
        private int[] tags;
        private int[] first;
        private int[] second;
        private String[] utf8;

        Reader(DataInputStream in, String thisName, String superName) {
            this.in = in;
            this.thisName = thisName;
            this.superName = superName;
        }

        int noArgConstructor() throws IOException {
            if (in.readInt() != 0xCAFEBABE) {
                return NOT_TRIVIAL;
            }
            in.readUnsignedShort(); // minor
            in.readUnsignedShort(); // major
            readConstantPool();
            in.readUnsignedShort(); // access
            if (!thisName.equals(className(in.readUnsignedShort()))) {
                return NOT_TRIVIAL;
            }
            in.readUnsignedShort(); // super
            skipFully(2 * in.readUnsignedShort()); // interfaces
            int fields = in.readUnsignedShort();
            for (int i = 0; i < fields; i++) {
                in.readUnsignedShort();
                in.readUnsignedShort();
                in.readUnsignedShort();
                skipAttributes();
            }
            int methods = in.readUnsignedShort();
            for (int i = 0; i < methods; i++) {
                in.readUnsignedShort(); // access: a private constructor is fine, we hold a lookup
                String name = utf8[in.readUnsignedShort()];
                String descriptor = utf8[in.readUnsignedShort()];
                if (!"<init>".equals(name) || !"()V".equals(descriptor)) {
                    skipAttributes();
                    continue;
                }
                int attributes = in.readUnsignedShort();
                for (int a = 0; a < attributes; a++) {
                    String attribute = utf8[in.readUnsignedShort()];
                    int length = in.readInt();
                    if (!"Code".equals(attribute)) {
                        skipFully(length);
                        continue;
                    }
                    in.readUnsignedShort(); // max stack
                    in.readUnsignedShort(); // max locals
                    byte[] code = new byte[in.readInt()];
                    in.readFully(code);
                    if (in.readUnsignedShort() != 0) {
                        return NOT_TRIVIAL; // an exception handler: more than stores
                    }
                    return code(code);
                }
                return NOT_TRIVIAL;
            }
            return NOT_TRIVIAL; // no no-arg constructor
        }

        /** Accepts loads of this and of constants, field stores, one super() call, return. */
        private int code(byte[] code) {
            boolean calledSuper = false;
            int pc = 0;
            while (pc < code.length) {
                int op = code[pc] & 0xFF;
                if (op == 0x2a || op >= 0x01 && op <= 0x0f) {
                    pc += 1; // aload_0, aconst_null, iconst_*, lconst_*, fconst_*, dconst_*
                } else if (op == 0x10) {
                    pc += 2; // bipush
                } else if (op == 0x11) {
                    pc += 3; // sipush
                } else if (op == 0x12 || op == 0x13 || op == 0x14) {
                    int index = op == 0x12 ? code[pc + 1] & 0xFF : u2(code, pc + 1);
                    int tag = tags[index];
                    if (tag != INTEGER && tag != FLOAT && tag != LONG && tag != DOUBLE
                            && tag != STRING) {
                        return NOT_TRIVIAL; // a class or dynamic constant may run code
                    }
                    pc += op == 0x12 ? 2 : 3;
                } else if (op == 0xb5) {
                    pc += 3; // putfield: only this and constants are on the stack
                } else if (op == 0xb7) {
                    int ref = u2(code, pc + 1);
                    if (calledSuper || tags[ref] != METHOD_REF
                            || !superName.equals(className(first[ref]))) {
                        return NOT_TRIVIAL;
                    }
                    int nameAndType = second[ref];
                    if (!"<init>".equals(utf8[first[nameAndType]])
                            || !"()V".equals(utf8[second[nameAndType]])) {
                        return NOT_TRIVIAL;
                    }
                    calledSuper = true;
                    pc += 3;
                } else if (op == 0xb1) {
                    return pc == code.length - 1 && calledSuper ? CALLS_SUPER : NOT_TRIVIAL;
                } else {
                    return NOT_TRIVIAL;
                }
            }
            return NOT_TRIVIAL;
        }

        private static int u2(byte[] code, int at) {
            return (code[at] & 0xFF) << 8 | code[at + 1] & 0xFF;
        }

        private String className(int classIndex) {
            return tags[classIndex] == CLASS ? utf8[first[classIndex]] : null;
        }

        private void readConstantPool() throws IOException {
            int count = in.readUnsignedShort();
            tags = new int[count];
            first = new int[count];
            second = new int[count];
            utf8 = new String[count];
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                tags[i] = tag;
                switch (tag) {
                    case UTF8:
                        utf8[i] = in.readUTF();
                        break;
                    case INTEGER:
                    case FLOAT:
                        in.readInt();
                        break;
                    case LONG:
                    case DOUBLE:
                        in.readLong();
                        i++; // takes two entries
                        break;
                    case CLASS:
                    case STRING:
                    case 16: // MethodType
                    case 19: // Module
                    case 20: // Package
                        first[i] = in.readUnsignedShort();
                        break;
                    case 9: // Fieldref
                    case METHOD_REF:
                    case 11: // InterfaceMethodref
                    case NAME_AND_TYPE:
                    case 17: // Dynamic
                    case 18: // InvokeDynamic
                        first[i] = in.readUnsignedShort();
                        second[i] = in.readUnsignedShort();
                        break;
                    case 15: // MethodHandle
                        in.readUnsignedByte();
                        first[i] = in.readUnsignedShort();
                        break;
                    default:
                        throw new IOException("unknown constant pool tag " + tag);
                }
            }
        }

        private void skipAttributes() throws IOException {
            int count = in.readUnsignedShort();
            for (int i = 0; i < count; i++) {
                in.readUnsignedShort();
                skipFully(in.readInt());
            }
        }

        private void skipFully(int bytes) throws IOException {
            int left = bytes;
            while (left > 0) {
                int skipped = (int) in.skip(left);
                if (skipped <= 0) {
                    in.readByte();
                    skipped = 1;
                }
                left -= skipped;
            }
        }
    }
}
