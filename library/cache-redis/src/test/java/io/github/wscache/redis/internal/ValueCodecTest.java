package io.github.wscache.redis.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Java serialization in the tier's entries: an array a stream states is refused by the reader's
 * filter, before it is allocated, when it is longer than the entry's bytes can justify; the
 * arrays of values a node writes are never that long.
 */
class ValueCodecTest {
    private static final byte[] KEY = "codec-test:Search/search:0.0:{k}"
            .getBytes(StandardCharsets.UTF_8);

    private final ValueCodec codec = new ValueCodec(null, ValueCodec.DEFAULT_ALLOWED, List.of());

    @Test
    void anArrayLongerThanTheEntryCanHoldIsRefusedBeforeItIsAllocated() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new int[] {7});
        }
        // the stream ends with the array's length and its one element: state 9,999,999
        // elements (under the filter's fixed limit of 10,000,000) and hold none
        byte[] stream = bytes.toByteArray();
        byte[] forged = ByteBuffer.allocate(stream.length - 4).put(stream, 0, stream.length - 8)
                .putInt(9_999_999).array();
        byte[] entry = withBody(codec.encode(KEY, "any", false, 60_000, 60_000), forged);

        assertThatThrownBy(() -> codec.decode(KEY, entry, false))
                .isInstanceOf(ValueCodec.Rejected.class)
                .hasMessageContaining("an array of 9999999 elements");
    }

    @Test
    void theTablesOfHashMapsWithTheSmallestLoadFactorStillRead() throws Exception {
        // HashMap reads its table's capacity first: with the smallest load factor it reads
        // (0.25), 8 slots a mapping, more than the stream's bytes for short keys and no values
        HashMap<String, Object> sparse = new HashMap<>(16, 0.25f);
        for (int i = 0; i < 16_384; i++) {
            sparse.put(Integer.toString(i, 36), null);
        }
        byte[] entry = codec.encode(KEY, sparse, false, 60_000, 60_000);

        assertThat(codec.decode(KEY, entry, false).value).isEqualTo(sparse);
    }

    /**
     * Returns {@code entry} (unsigned: header 5 bytes, two lifetimes, the body's length and the
     * body) with its body replaced by {@code body}.
     */
    private static byte[] withBody(byte[] entry, byte[] body) {
        int lengthAt = 5 + 16;
        return ByteBuffer.allocate(lengthAt + 4 + body.length).put(entry, 0, lengthAt)
                .putInt(body.length).put(body).array();
    }
}
