package io.github.wscache.redis.internal;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.SharedBody;
import io.github.wscache.core.xml.XmlRecording;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.UncheckedIOException;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The byte form of a shared entry, and the checks that guard reading one. An entry is
 * {@code 'w' 'c' version kind flags}, its fresh and retention times (milliseconds, so that a
 * reader computes the remaining lifetime from Redis's own {@code PTTL}, free of clock skew), the
 * payload, and, in signed mode, an HMAC-SHA256 over the Redis key and everything before it.
 *
 * <p>Payloads: a {@link CachedResponse} (status, content type, headers, the per-user mark, and
 * the body as XML bytes, an {@link XmlRecording} in its byte form, or an integration's
 * {@link SharedBody}: its form's name and version, then its bytes); an application object in
 * Kryo's form with registration required, when the tier has Kryo registrations and every class
 * in the object is registered ({@link KryoForm}: a reader creates registered classes only);
 * else in Java serialization, written only when every class in it is on the allow-list and read
 * through an {@link ObjectInputFilter} built from the same list (with depth, reference and array
 * limits, arrays no longer than the entry can justify), so no class outside the list is ever
 * instantiated from Redis, and a forged length allocates nothing; or null.
 *
 * <p>Reading checks, in order: the format and version, then the signature (before anything is
 * parsed or deserialized: whoever can write to Redis cannot make a node read what no node
 * wrote), then the payload. Every rejection is a {@link Rejected} with the reason.
 */
public final class ValueCodec {
    static final int VERSION = 1;
    private static final int KIND_NULL = 0;
    private static final int KIND_OBJECT = 1;
    private static final int KIND_XML = 2;
    private static final int KIND_RECORDING = 3;
    private static final int KIND_NO_BODY = 4;
    private static final int KIND_KRYO = 5;
    private static final int KIND_FORM = 6;
    private static final int FLAG_SIGNED = 1;
    private static final int HEADER = 5 + 16;
    private static final int MAC_LENGTH = 32;
    /** The deepest nesting of objects a reader reads, in either form (a writer's beyond). */
    static final int MAX_DEPTH = 64;

    /**
     * Classes every farm may exchange: strings, boxed values, collections, dates, numbers (and
     * {@code Object}, whose arrays collections check when they read themselves).
     */
    public static final List<String> DEFAULT_ALLOWED = List.of("java.lang.Object",
            "java.lang.String",
            "java.lang.Number", "java.lang.Integer", "java.lang.Long", "java.lang.Short",
            "java.lang.Byte", "java.lang.Double", "java.lang.Float", "java.lang.Boolean",
            "java.lang.Character", "java.lang.Enum", "java.lang.Record", "java.math.*",
            "java.time.*", "java.util.*");

    private final byte[] signingKey;
    private final ObjectInputFilter filter;
    private final List<String> allowed;
    /** The Kryo form, or null when the tier registers no classes for it. */
    private final KryoForm kryo;

    /**
     * @param signingKey the farm's HMAC key, or {@code null} for unsigned entries
     * @param allowed class patterns as {@link ObjectInputFilter.Config#createFilter} reads them
     *     ({@code com.example.Type}, {@code com.example.*}, {@code com.example.**})
     * @param kryoClasses the classes registered, in this order, for the Kryo form of objects;
     *     empty for Java serialization only
     */
    public ValueCodec(byte[] signingKey, List<String> allowed, List<Class<?>> kryoClasses) {
        this.signingKey = signingKey == null ? null : signingKey.clone();
        this.allowed = List.copyOf(allowed);
        this.kryo = kryoClasses.isEmpty() ? null : new KryoForm(kryoClasses);
        this.filter = ObjectInputFilter.Config.createFilter("maxdepth=" + MAX_DEPTH
                + ";maxrefs=1000000;maxarray=10000000;" + String.join(";", allowed) + ";!*");
    }

    /** Whether {@code type} is one of the classes the Kryo form registers on every node. */
    public static boolean kryoRegistersItself(Class<?> type) {
        return KryoForm.JDK.contains(type);
    }

    /** Why an entry was not read; the tier counts it as rejected and answers a miss. */
    public static final class Rejected extends Exception {
        private static final long serialVersionUID = 1L;

        Rejected(String message, Throwable cause) {
            super(message, cause, false, false);
        }
    }

    /** Why a value is not written to the tier (it stays in the JVM's own store). */
    public static final class NotShareable extends Exception {
        private static final long serialVersionUID = 1L;

        NotShareable(String message) {
            super(message, null, false, false);
        }
    }

    /** A read entry: the value and the lifetimes it was stored with. */
    public static final class Decoded {
        public final Object value;
        public final long freshMillis;
        public final long retainMillis;

        Decoded(Object value, long freshMillis, long retainMillis) {
            this.value = value;
            this.freshMillis = freshMillis;
            this.retainMillis = retainMillis;
        }
    }

    public boolean signed() {
        return signingKey != null;
    }

    /** Returns the entry bytes of a value stored under {@code redisKey}. */
    public byte[] encode(byte[] redisKey, Object value, boolean messageLevel, long freshMillis,
            long retainMillis) throws NotShareable {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(512);
            DataOutputStream out = new DataOutputStream(bytes);
            out.write('w');
            out.write('c');
            out.write(VERSION);
            int kind;
            byte[] body = null;
            if (value == null) {
                kind = KIND_NULL;
            } else if (messageLevel && value instanceof CachedResponse) {
                Object b = ((CachedResponse) value).body();
                if (b == null) {
                    kind = KIND_NO_BODY;
                } else if (b instanceof byte[]) {
                    kind = KIND_XML;
                    body = (byte[]) b;
                } else if (b instanceof XmlRecording) {
                    kind = KIND_RECORDING;
                    body = ((XmlRecording) b).toBytes();
                } else if (b instanceof SharedBody) {
                    kind = KIND_FORM;
                    body = form((SharedBody) b);
                } else {
                    throw new NotShareable("a response body of " + b.getClass().getName()
                            + " has no byte form (XML bytes, recordings and shared bodies"
                            + " have)");
                }
            } else if (messageLevel) {
                throw new NotShareable("a message-level value of " + value.getClass().getName());
            } else if (kryo != null) {
                try {
                    body = kryo.write(value);
                    kind = KIND_KRYO;
                } catch (NotShareable notRegistered) {
                    try {
                        body = serialize(value);
                        kind = KIND_OBJECT;
                    } catch (NotShareable notAllowed) {
                        throw new NotShareable(notRegistered.getMessage() + "; and "
                                + notAllowed.getMessage());
                    }
                }
            } else {
                kind = KIND_OBJECT;
                body = serialize(value);
            }
            out.write(kind);
            out.write(signed() ? FLAG_SIGNED : 0);
            out.writeLong(freshMillis);
            out.writeLong(retainMillis);
            if (kind != KIND_NULL && kind != KIND_OBJECT && kind != KIND_KRYO) {
                writeResponse(out, (CachedResponse) value);
            }
            if (body != null) {
                out.writeInt(body.length);
                out.write(body);
            }
            out.flush();
            if (signed()) {
                bytes.write(mac(redisKey, bytes.toByteArray(), bytes.size()));
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the entry stored under {@code redisKey}. */
    public Decoded decode(byte[] redisKey, byte[] entry, boolean messageLevel) throws Rejected {
        if (entry.length < HEADER || entry[0] != 'w' || entry[1] != 'c') {
            throw new Rejected("not a wscache entry", null);
        }
        if (entry[2] != VERSION) {
            throw new Rejected("entry format version " + entry[2] + ", this node reads "
                    + VERSION, null);
        }
        boolean signedEntry = (entry[4] & FLAG_SIGNED) != 0;
        int end = entry.length;
        if (signed()) {
            if (!signedEntry || entry.length < HEADER + MAC_LENGTH) {
                throw new Rejected("an unsigned entry where entries are signed", null);
            }
            end -= MAC_LENGTH;
            byte[] expected = mac(redisKey, entry, end);
            byte[] actual = java.util.Arrays.copyOfRange(entry, end, entry.length);
            if (!MessageDigest.isEqual(expected, actual)) {
                throw new Rejected("the signature does not match (tampered, moved from another"
                        + " key, or signed with another key)", null);
            }
        } else if (signedEntry) {
            throw new Rejected("a signed entry, and this node has no signing key", null);
        }
        int kind = entry[3];
        if (messageLevel != (kind != KIND_OBJECT && kind != KIND_NULL && kind != KIND_KRYO)) {
            throw new Rejected("a " + (messageLevel ? "object" : "message") + " entry under a "
                    + (messageLevel ? "message" : "object") + " key", null);
        }
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(entry, 5, end - 5));
            long fresh = in.readLong();
            long retain = in.readLong();
            Object value;
            switch (kind) {
                case KIND_NULL:
                    value = null;
                    break;
                case KIND_OBJECT:
                    value = deserialize(body(in));
                    break;
                case KIND_KRYO:
                    if (kryo == null) {
                        throw new Rejected("a Kryo entry, and this node registers no classes"
                                + " for Kryo (RedisTier.Builder.kryoClasses)", null);
                    }
                    value = kryo.read(body(in));
                    break;
                case KIND_XML:
                case KIND_RECORDING:
                case KIND_NO_BODY:
                case KIND_FORM:
                    value = readResponse(in, kind);
                    break;
                default:
                    throw new Rejected("unknown entry kind " + kind, null);
            }
            if (in.available() != 0) {
                throw new Rejected(in.available() + " bytes after the value", null);
            }
            return new Decoded(value, fresh, retain);
        } catch (IOException | RuntimeException | ClassNotFoundException e) {
            throw new Rejected("unreadable entry: " + e, e);
        }
    }

    private static byte[] body(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > in.available()) {
            throw new IOException("a body of " + n + " bytes, " + in.available() + " left");
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }

    private static void writeResponse(DataOutputStream out, CachedResponse r) throws IOException {
        out.writeShort(r.status());
        nullable(out, r.contentType());
        nullable(out, r.perUserOnlyReason().orElse(null));
        out.writeInt(r.headers().size());
        for (Map.Entry<String, List<String>> h : r.headers().entrySet()) {
            out.writeUTF(h.getKey());
            out.writeInt(h.getValue().size());
            for (String v : h.getValue()) {
                out.writeUTF(v);
            }
        }
    }

    private static CachedResponse readResponse(DataInputStream in, int kind)
            throws IOException {
        int status = in.readShort();
        String contentType = nullable(in);
        String perUser = nullable(in);
        int headers = count(in);
        List<String[]> fields = new ArrayList<>();
        for (int i = 0; i < headers; i++) {
            String name = in.readUTF();
            int values = count(in);
            for (int j = 0; j < values; j++) {
                fields.add(new String[] {name, in.readUTF()});
            }
        }
        Object body = kind == KIND_NO_BODY ? null
                : kind == KIND_XML ? body(in)
                : kind == KIND_FORM ? sharedBody(body(in))
                : XmlRecording.fromBytes(body(in));
        CachedResponse.Builder b = CachedResponse.builder(body).status(status)
                .contentType(contentType);
        for (String[] f : fields) {
            b.header(f[0], f[1]);
        }
        if (perUser != null) {
            b.perUserOnly(perUser);
        }
        return b.build();
    }

    /** A shared body's payload: its form's name, its version, its bytes. */
    private static byte[] form(SharedBody b) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(b.bytes().length + 16);
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeUTF(b.form());
        out.write(b.version());
        out.write(b.bytes());
        out.flush();
        return bytes.toByteArray();
    }

    private static SharedBody sharedBody(byte[] payload) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload));
        String form = in.readUTF();
        int version = in.readUnsignedByte();
        byte[] rest = in.readAllBytes();
        try {
            return new SharedBody(form, version, rest);
        } catch (IllegalArgumentException e) {
            throw new IOException("not a shared body: " + e.getMessage(), e);
        }
    }

    private static int count(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > in.available()) {
            throw new IOException("a count of " + n + " with " + in.available() + " bytes left");
        }
        return n;
    }

    private static void nullable(DataOutputStream out, String s) throws IOException {
        out.writeBoolean(s != null);
        if (s != null) {
            out.writeUTF(s);
        }
    }

    private static String nullable(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }

    private byte[] serialize(Object value) throws NotShareable, IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(512);
        try (AllowListOutput out = new AllowListOutput(bytes)) {
            out.writeObject(value);
        } catch (NotShareableIo e) {
            throw new NotShareable(e.getMessage());
        } catch (java.io.NotSerializableException e) {
            throw new NotShareable("not serializable: " + e.getMessage());
        }
        return bytes.toByteArray();
    }

    private Object deserialize(byte[] bytes) throws IOException, ClassNotFoundException {
        StreamLimits limits = new StreamLimits(filter, bytes.length);
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc)
                    throws IOException, ClassNotFoundException {
                ClassLoader context = Thread.currentThread().getContextClassLoader();
                if (context != null) {
                    try {
                        return Class.forName(desc.getName(), false, context);
                    } catch (ClassNotFoundException e) {
                        return super.resolveClass(desc);
                    }
                }
                return super.resolveClass(desc);
            }
        }) {
            in.setObjectInputFilter(limits);
            return in.readObject();
        } catch (InvalidClassException e) {
            throw new IOException(limits.refused != null ? limits.refused
                    : "refused by the allow-list: " + e.getMessage(), e);
        }
    }

    /**
     * The filter of one stream: the tier's, and no array longer than twice the stream's bytes.
     * An array's length is checked before the array is allocated, and its elements, a byte each
     * at least, come after it, so a stream that states more than its bytes hold is forged.
     * Twice, because hash maps and sets check the table they size from their mappings: up to 8
     * slots a mapping at the smallest load factor they read (0.25), where a mapping takes 4
     * bytes at least (a key, a null).
     */
    private static final class StreamLimits implements ObjectInputFilter {
        private final ObjectInputFilter tiers;
        private final int streamBytes;
        /** Why an array was refused, or null. */
        private String refused;

        StreamLimits(ObjectInputFilter tiers, int streamBytes) {
            this.tiers = tiers;
            this.streamBytes = streamBytes;
        }

        @Override
        public Status checkInput(FilterInfo info) {
            if (info.arrayLength() > 2L * streamBytes) {
                refused = "an array of " + info.arrayLength() + " elements in " + streamBytes
                        + " bytes of Java serialization";
                return Status.REJECTED;
            }
            return tiers.checkInput(info);
        }
    }

    /** Whether the allow-list admits {@code type} (arrays by their element type). */
    boolean allows(Class<?> type) {
        ObjectInputFilter.Status s = filter.checkInput(new ObjectInputFilter.FilterInfo() {
            @Override
            public Class<?> serialClass() {
                return type;
            }

            @Override
            public long arrayLength() {
                return -1;
            }

            @Override
            public long depth() {
                return 1;
            }

            @Override
            public long references() {
                return 1;
            }

            @Override
            public long streamBytes() {
                return 0;
            }
        });
        return s != ObjectInputFilter.Status.REJECTED;
    }

    private static final class NotShareableIo extends IOException {
        private static final long serialVersionUID = 1L;

        NotShareableIo(String message) {
            super(message);
        }
    }

    /** Refuses, while writing, every class the readers' filter would refuse. */
    private final class AllowListOutput extends ObjectOutputStream {
        AllowListOutput(ByteArrayOutputStream out) throws IOException {
            super(out);
        }

        @Override
        protected void annotateClass(Class<?> type) throws IOException {
            Class<?> element = type;
            while (element.isArray()) {
                element = element.getComponentType();
            }
            if (!element.isPrimitive() && !allows(element)) {
                throw new NotShareableIo(type.getName() + " is not on the allow-list "
                        + allowed + " (RedisTier.Builder.allowClasses)");
            }
        }

        @Override
        protected void annotateProxyClass(Class<?> type) throws IOException {
            throw new NotShareableIo("a proxy class (" + type.getName() + ")");
        }
    }

    private byte[] mac(byte[] redisKey, byte[] bytes, int length) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(signingKey, "HmacSHA256"));
            mac.update(redisKey);
            mac.update((byte) 0);
            mac.update(bytes, 0, length);
            return mac.doFinal();
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is required by the Java platform", e);
        }
    }

    /** Returns HMAC-SHA256 of {@code data} under {@code key}. */
    public static byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is required by the Java platform", e);
        }
    }
}
