package io.github.wscache.core.copy.internal;

import io.github.wscache.core.internal.PrivateAccess;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Per-class generated code for the copy of a tree (no identity map): a hidden class, defined as
 * a nestmate of the copied class with {@code MethodHandles.privateLookupIn} and
 * {@code Lookup.defineHiddenClass(..., NESTMATE)}, whose one method is what a hand-written copy
 * would be: {@code new T()}, then every field read and written directly, the mutable ones
 * through {@link Context#apply}. Only the JIT sees the difference from hand-written code: one
 * interface call per object instead of the method-handle nodes' calls through
 * {@code invokeExact} on handles held in fields, which it cannot inline.
 *
 * <p>The code has no branch (null values are handled by {@code Context.apply}), so the class file
 * needs no stack map frames and is written here directly (JVM specification §4) rather than
 * through a bytecode library: cache-core gains no dependency. A class is generated for only
 * when the shape is simple: a {@linkplain TrivialConstructor trivial} no-arg constructor, every
 * instance field declared by the class itself (a nestmate may not touch its superclasses'
 * private fields) and none final (a final field can only be written by a constructor), and
 * every field type accessible from the class. Anything else, or any failure to define the class,
 * leaves the {@link BeanNode}'s method-handle plan as the only path.
 */
final class GeneratedCopy {

    private static final String BI_FUNCTION = "java/util/function/BiFunction";
    private static final String OBJECT = "java/lang/Object";
    private static final String APPLY_DESCRIPTOR =
            "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;";

    private GeneratedCopy() {
    }

    /**
     * Returns a function {@code (original, ctx) -> copy} for trees of {@code type}, or
     * {@code null} when the class does not fit or cannot be generated for.
     */
    @SuppressWarnings("unchecked") // the generated class implements BiFunction<Object, ...>
    static BiFunction<Object, Object, Object> forClass(Class<?> type, Registry registry) {
        try {
            if (type.isHidden() || type.isArray() || type.isInterface() || type.isRecord()
                    || Modifier.isAbstract(type.getModifiers())
                    || !TrivialConstructor.isTrivial(type)) {
                return null;
            }
            for (Class<?> k = type.getSuperclass(); k != null; k = k.getSuperclass()) {
                if (TypeRules.instanceFieldCount(k) > 0) {
                    return null;
                }
            }
            List<Field> fields = new ArrayList<>();
            for (Field field : type.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (Modifier.isStatic(modifiers)) {
                    continue;
                }
                if (Modifier.isFinal(modifiers)) {
                    return null;
                }
                fields.add(field);
            }
            return generate(type, fields, false, registry);
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            // inaccessible types, class-file or verification errors: the handle plan copies
            return null;
        }
    }

    /**
     * Returns a function {@code (original, ctx) -> copy} for trees of the record class
     * {@code type}: {@code new R(from.a, ctx.apply(from.b, site), ...)} through its canonical
     * constructor, primitive components passed as they are (no boxing, no argument array), or
     * {@code null} when it cannot be generated for (the {@link RecordNode}'s handles copy then).
     */
    @SuppressWarnings("unchecked") // the generated class implements BiFunction<Object, ...>
    static BiFunction<Object, Object, Object> forRecord(Class<?> type, Registry registry) {
        try {
            if (!type.isRecord() || type.isHidden()) {
                return null;
            }
            List<Field> fields = new ArrayList<>();
            for (java.lang.reflect.RecordComponent component : type.getRecordComponents()) {
                fields.add(type.getDeclaredField(component.getName()));
            }
            return generate(type, fields, true, registry);
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            return null;
        }
    }

    /**
     * Writes and defines the code copying {@code fields} of {@code type} (a bean's, or a record's
     * components in canonical order), the mutable ones through a site each.
     */
    @SuppressWarnings("unchecked") // the generated class implements BiFunction<Object, ...>
    private static BiFunction<Object, Object, Object> generate(Class<?> type, List<Field> fields,
            boolean record, Registry registry) throws Throwable {
        MethodHandles.Lookup lookup = PrivateAccess.lookupIn(type);
        List<Context.Site> sites = new ArrayList<>();
        List<Boolean> mutable = new ArrayList<>();
        for (Field field : fields) {
            Class<?> fieldType = field.getType();
            if (!fieldType.isPrimitive()) {
                lookup.accessClass(fieldType);
            }
            boolean copies = !fieldType.isPrimitive()
                    && TypeRules.mutableReason(fieldType, registry) != null;
            mutable.add(copies);
            if (copies) {
                sites.add(new Context.Site("." + field.getName()));
            }
        }
        byte[] bytes = new Writer(type, fields, mutable, record).write();
        MethodHandles.Lookup generated = lookup.defineHiddenClass(bytes, true,
                MethodHandles.Lookup.ClassOption.NESTMATE);
        Object[] siteArray = sites.toArray();
        return (BiFunction<Object, Object, Object>) generated.findConstructor(
                generated.lookupClass(), MethodType.methodType(void.class, Object[].class))
                .invoke(siteArray);
    }

    /** Writes the class file: a constructor storing the sites, and apply(original, ctx). */
    private static final class Writer {
        private final Class<?> type;
        private final List<Field> fields;
        private final List<Boolean> mutable;
        /** A record: built by its canonical constructor from the copied components. */
        private final boolean record;
        private final ByteArrayOutputStream poolBytes = new ByteArrayOutputStream();
        private final DataOutputStream pool = new DataOutputStream(poolBytes);
        private final Map<String, Integer> entries = new HashMap<>();
        private int count = 1;

        Writer(Class<?> type, List<Field> fields, List<Boolean> mutable, boolean record) {
            this.type = type;
            this.fields = fields;
            this.mutable = mutable;
            this.record = record;
        }

        byte[] write() throws IOException {
            String self = type.getName().replace('.', '/');
            String name = self + "$$WscacheCopy";
            int thisClass = classRef(name);
            int superClass = classRef(OBJECT);
            int biFunction = classRef(BI_FUNCTION);
            int typeClass = classRef(self);
            int sitesField = fieldRef(name, "sites", "[Ljava/lang/Object;");
            int objectInit = methodRef(OBJECT, "<init>", "()V", false);
            StringBuilder canonical = new StringBuilder("(");
            for (Field field : fields) {
                canonical.append(field.getType().descriptorString());
            }
            int typeInit = methodRef(self, "<init>", record ? canonical.append(")V").toString()
                    : "()V", false);
            int apply = methodRef(BI_FUNCTION, "apply", APPLY_DESCRIPTOR, true);
            int codeName = utf8("Code");

            // the constructor: this.sites = sites
            ByteArrayOutputStream ctorBytes = new ByteArrayOutputStream();
            DataOutputStream ctor = new DataOutputStream(ctorBytes);
            ctor.writeByte(0x2a); // aload_0
            ctor.writeByte(0xb7); // invokespecial Object.<init>
            ctor.writeShort(objectInit);
            ctor.writeByte(0x2a); // aload_0
            ctor.writeByte(0x2b); // aload_1
            ctor.writeByte(0xb5); // putfield sites
            ctor.writeShort(sitesField);
            ctor.writeByte(0xb1); // return

            // apply: T from = (T) original; T to = new T(); to.f = from.f or ctx.apply(...)
            ByteArrayOutputStream applyBytes = new ByteArrayOutputStream();
            DataOutputStream code = new DataOutputStream(applyBytes);
            code.writeByte(0x2b); // aload_1
            code.writeByte(0xc0); // checkcast T
            code.writeShort(typeClass);
            code.writeByte(0x4e); // astore_3
            code.writeByte(0xbb); // new T
            code.writeShort(typeClass);
            code.writeByte(0x59); // dup
            if (!record) {
                code.writeByte(0xb7); // invokespecial T.<init>()V
                code.writeShort(typeInit);
                code.writeByte(0x3a); // astore 4
                code.writeByte(4);
            }
            // a record: the uninitialised T twice on the stack, then every component
            int site = 0;
            int stack = 2;
            int maxStack = 6;
            for (int i = 0; i < fields.size(); i++) {
                Field field = fields.get(i);
                String descriptor = field.getType().descriptorString();
                int ref = fieldRef(self, field.getName(), descriptor);
                if (!record) {
                    code.writeByte(0x19); // aload 4
                    code.writeByte(4);
                }
                if (!mutable.get(i)) {
                    code.writeByte(0x2d); // aload_3
                    code.writeByte(0xb4); // getfield
                    code.writeShort(ref);
                } else {
                    code.writeByte(0x2c); // aload_2
                    code.writeByte(0xc0); // checkcast BiFunction
                    code.writeShort(biFunction);
                    code.writeByte(0x2d); // aload_3
                    code.writeByte(0xb4); // getfield
                    code.writeShort(ref);
                    code.writeByte(0x2a); // aload_0
                    code.writeByte(0xb4); // getfield sites
                    code.writeShort(sitesField);
                    code.writeByte(0x11); // sipush
                    code.writeShort(site++);
                    code.writeByte(0x32); // aaload
                    code.writeByte(0xb9); // invokeinterface apply
                    code.writeShort(apply);
                    code.writeByte(3);
                    code.writeByte(0);
                    code.writeByte(0xc0); // checkcast field type
                    code.writeShort(classRef(field.getType().isArray() ? descriptor
                            : field.getType().getName().replace('.', '/')));
                }
                if (record) {
                    // the value stays on the stack as the constructor's argument
                    maxStack = Math.max(maxStack, stack + 4);
                    stack += field.getType() == long.class || field.getType() == double.class
                            ? 2 : 1;
                } else {
                    code.writeByte(0xb5); // putfield
                    code.writeShort(ref);
                }
            }
            if (record) {
                code.writeByte(0xb7); // invokespecial T.<init>(components)V
                code.writeShort(typeInit);
            } else {
                code.writeByte(0x19); // aload 4
                code.writeByte(4);
            }
            code.writeByte(0xb0); // areturn
            maxStack = Math.max(maxStack, stack);

            int initName = utf8("<init>");
            int initDescriptor = utf8("([Ljava/lang/Object;)V");
            int applyName = utf8("apply");
            int applyDescriptor = utf8(APPLY_DESCRIPTOR);
            int sitesName = utf8("sites");
            int sitesDescriptor = utf8("[Ljava/lang/Object;");

            ByteArrayOutputStream out = new ByteArrayOutputStream();
            DataOutputStream file = new DataOutputStream(out);
            file.writeInt(0xCAFEBABE);
            file.writeShort(0);
            file.writeShort(61); // Java 17
            file.writeShort(count);
            pool.flush();
            poolBytes.writeTo(file);
            file.writeShort(0x0030); // final, super
            file.writeShort(thisClass);
            file.writeShort(superClass);
            file.writeShort(1);
            file.writeShort(biFunction);
            file.writeShort(1); // fields: private final Object[] sites
            file.writeShort(0x0012);
            file.writeShort(sitesName);
            file.writeShort(sitesDescriptor);
            file.writeShort(0);
            file.writeShort(2); // methods
            method(file, initName, initDescriptor, codeName, 2, 2, ctorBytes.toByteArray());
            method(file, applyName, applyDescriptor, codeName, maxStack, 5,
                    applyBytes.toByteArray());
            file.writeShort(0); // class attributes
            file.flush();
            return out.toByteArray();
        }

        private static void method(DataOutputStream file, int name, int descriptor,
                int codeName, int maxStack, int maxLocals, byte[] code) throws IOException {
            file.writeShort(0x0001); // public
            file.writeShort(name);
            file.writeShort(descriptor);
            file.writeShort(1);
            file.writeShort(codeName);
            file.writeInt(12 + code.length);
            file.writeShort(maxStack);
            file.writeShort(maxLocals);
            file.writeInt(code.length);
            file.write(code);
            file.writeShort(0); // exception table
            file.writeShort(0); // attributes
        }

        private int utf8(String value) throws IOException {
            Integer index = entries.get("U" + value);
            if (index == null) {
                pool.writeByte(1);
                pool.writeUTF(value);
                index = add("U" + value);
            }
            return index;
        }

        private int classRef(String internalName) throws IOException {
            Integer index = entries.get("C" + internalName);
            if (index == null) {
                int name = utf8(internalName);
                pool.writeByte(7);
                pool.writeShort(name);
                index = add("C" + internalName);
            }
            return index;
        }

        private int nameAndType(String name, String descriptor) throws IOException {
            String key = "N" + name + ' ' + descriptor;
            Integer index = entries.get(key);
            if (index == null) {
                int n = utf8(name);
                int d = utf8(descriptor);
                pool.writeByte(12);
                pool.writeShort(n);
                pool.writeShort(d);
                index = add(key);
            }
            return index;
        }

        private int fieldRef(String owner, String name, String descriptor) throws IOException {
            return memberRef(9, owner, name, descriptor);
        }

        private int methodRef(String owner, String name, String descriptor, boolean itf)
                throws IOException {
            return memberRef(itf ? 11 : 10, owner, name, descriptor);
        }

        private int memberRef(int tag, String owner, String name, String descriptor)
                throws IOException {
            String key = "M" + tag + owner + '.' + name + ' ' + descriptor;
            Integer index = entries.get(key);
            if (index == null) {
                int c = classRef(owner);
                int nt = nameAndType(name, descriptor);
                pool.writeByte(tag);
                pool.writeShort(c);
                pool.writeShort(nt);
                index = add(key);
            }
            return index;
        }

        private int add(String key) {
            int index = count++;
            entries.put(key, index);
            return index;
        }
    }
}
