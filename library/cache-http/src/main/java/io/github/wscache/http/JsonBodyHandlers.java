package io.github.wscache.http;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.lang.reflect.Type;
import java.util.Objects;

/**
 * Makes {@link JsonBodyHandler}s: body handlers that bind JSON with the application's Jackson
 * mapper, and through which a {@link CachingHttpClient} keeps and hands out bound objects
 * ({@code objects} representation) or recorded tokens ({@code events}).
 *
 * <pre>{@code
 * ObjectMapper mapper = new ObjectMapper();
 * HttpResponse<Item> one = client.send(get, JsonBodyHandlers.of(mapper, Item.class));
 * HttpResponse<List<Item>> all = client.send(list,
 *         JsonBodyHandlers.of(mapper, new TypeReference<List<Item>>() { }.getType()));
 * }</pre>
 */
public final class JsonBodyHandlers {
    private JsonBodyHandlers() {
    }

    /** Returns a handler that binds to {@code type} with {@code mapper}. */
    public static <T> JsonBodyHandler<T> of(ObjectMapper mapper, Class<T> type) {
        return of(mapper, (Type) type);
    }

    /**
     * Returns a handler that binds to the generic {@code type} with {@code mapper}; the caller
     * states {@code T}.
     */
    public static <T> JsonBodyHandler<T> of(ObjectMapper mapper, Type type) {
        Objects.requireNonNull(mapper, "mapper");
        Objects.requireNonNull(type, "type");
        JavaType t = mapper.constructType(type);
        return new JsonBodyHandler<>(mapper.readerFor(t), t);
    }

    /**
     * Returns a handler that binds with {@code reader}, which must have been given its type
     * ({@code mapper.readerFor(Item.class)}).
     *
     * @throws IllegalArgumentException if the reader has no type
     */
    public static <T> JsonBodyHandler<T> of(ObjectReader reader) {
        Objects.requireNonNull(reader, "reader");
        JavaType t = reader.getValueType();
        if (t == null) {
            throw new IllegalArgumentException("the reader has no value type: use"
                    + " mapper.readerFor(type)");
        }
        return new JsonBodyHandler<>(reader, t);
    }
}
