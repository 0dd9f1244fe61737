package io.github.wscache.core.copy.internal;

import io.github.wscache.core.copy.CopyException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The serialization strategy for {@link java.io.Serializable} types: {@link #capture} keeps the
 * bytes of Java serialization, {@link #restore} reads them back. Reading resolves classes with
 * the class loader of the type and an {@link ObjectInputFilter} admits only JDK classes and the
 * application classes this copier itself wrote.
 *
 * <pre>{@code
 * Copier<Quote> copier = new JavaSerializationCopier<>(Quote.class);
 * byte[] kept = (byte[]) copier.capture(quote);   // what the cache stores
 * Quote mine = copier.restore(kept);              // a fresh object per caller
 * }</pre>
 *
 * @param <T> the type copied
 */
public final class JavaSerializationCopier<T> extends SerializingCopier<T> {

    private final Set<String> written = ConcurrentHashMap.newKeySet();

    /**
     * Creates the copier.
     *
     * @param type the type copied; must be Serializable
     */
    public JavaSerializationCopier(Class<T> type) {
        super(type);
    }

    @Override
    public Object capture(T original) {
        if (original == null) {
            return null;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (ObjectOutputStream out = new RecordingOutput(bytes)) {
            out.writeObject(original);
        } catch (IOException | RuntimeException e) {
            throw new CopyException("cannot copy " + original.getClass().getTypeName()
                    + " through java serialization: " + e, e);
        }
        return bytes.toByteArray();
    }

    @Override
    public T restore(Object captured) {
        if (captured == null) {
            return null;
        }
        if (!(captured instanceof byte[])) {
            throw new IllegalArgumentException("captured: expected the byte[] made by capture(),"
                    + " got " + captured.getClass().getTypeName());
        }
        try (ObjectInputStream in = new ResolvingInput((byte[]) captured)) {
            in.setObjectInputFilter(this::check);
            return type.cast(in.readObject());
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            throw new CopyException("cannot restore " + type.getTypeName()
                    + " from java serialization: " + e, e);
        }
    }

    private ObjectInputFilter.Status check(ObjectInputFilter.FilterInfo info) {
        Class<?> serialClass = info.serialClass();
        if (serialClass == null) {
            return ObjectInputFilter.Status.UNDECIDED;
        }
        // arrays carry no behaviour: the classes of their elements are checked one by one
        // and JDK classes may come back from readResolve (java.time.Ser gives LocalDate)
        if (serialClass.isArray() || TypeRules.isJdk(serialClass)
                || written.contains(serialClass.getName())) {
            return ObjectInputFilter.Status.ALLOWED;
        }
        return ObjectInputFilter.Status.REJECTED;
    }

    /** Records every class whose descriptor it writes. */
    private final class RecordingOutput extends ObjectOutputStream {
        RecordingOutput(ByteArrayOutputStream out) throws IOException {
            super(out);
        }

        @Override
        protected void annotateClass(Class<?> cl) {
            written.add(cl.getName());
        }

        @Override
        protected void annotateProxyClass(Class<?> cl) {
            written.add(cl.getName());
        }
    }

    /** Resolves classes with the loader of the copied type. */
    private final class ResolvingInput extends ObjectInputStream {
        ResolvingInput(byte[] bytes) throws IOException {
            super(new ByteArrayInputStream(bytes));
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc)
                throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
