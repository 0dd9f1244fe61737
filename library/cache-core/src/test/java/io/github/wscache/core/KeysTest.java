package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.core.policy.KeyStrategy;
import io.github.wscache.core.policy.OperationPolicy;
import java.io.StringReader;
import java.util.Set;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class KeysTest {
    private static final String WSA = "http://www.w3.org/2005/08/addressing";
    private static final String WSU = "http://docs.oasis-open.org/wss/2004/01/"
            + "oasis-200401-wss-wssecurity-utility-1.0.xsd";

    private static final XMLInputFactory XML = XMLInputFactory.newFactory();
    private final Keys keys = new Keys();

    private static OperationPolicy policy(KeyStrategy k) {
        return OperationPolicy.builder().cacheable(true).key(k).build();
    }

    private static Invocation.Builder search(String q, int start) {
        return Invocation.builder("doGoogleSearch").service("Google").endpoint("http://h/g")
                .parameter("key", "k").parameter("q", q).parameter("start", start)
                .parameter("filter", true);
    }

    @ParameterizedTest
    @EnumSource(value = KeyStrategy.class, names = {"AUTO", "TO_STRING", "SERIALIZED"})
    void key_equalForEqualParametersAndDifferentOtherwise(KeyStrategy strategy) {
        OperationPolicy p = policy(strategy);
        CacheKey a = keys.create(search("shrek", 0).build(), p, false);
        CacheKey b = keys.create(search(new String("shrek"), 0).build(), p, false);
        CacheKey c = keys.create(search("shrek", 10).build(), p, false);
        CacheKey d = keys.create(search("donkey", 0).build(), p, false);

        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(c).isNotEqualTo(d);
    }

    @Test
    void key_containsEndpointAndOperation() {
        OperationPolicy p = policy(KeyStrategy.AUTO);
        CacheKey a = keys.create(search("q", 0).build(), p, false);
        CacheKey otherEndpoint = keys.create(search("q", 0).endpoint("http://other/g").build(),
                p, false);
        CacheKey otherOperation = keys.create(Invocation.builder("doOther").service("Google")
                .endpoint("http://h/g").parameter("key", "k").parameter("q", "q")
                .parameter("start", 0).parameter("filter", true).build(), p, false);

        assertThat(a).isNotEqualTo(otherEndpoint).isNotEqualTo(otherOperation);
    }

    @Test
    void autoKey_usesFieldValuesOfFlatBeans() {
        OperationPolicy p = policy(KeyStrategy.AUTO);
        FlatRequest r1 = new FlatRequest("shrek", 10);
        FlatRequest r2 = new FlatRequest("shrek", 10);
        FlatRequest r3 = new FlatRequest("shrek", 11);

        CacheKey k1 = keys.create(Invocation.builder("op").parameter("r", r1).build(), p, false);
        CacheKey k2 = keys.create(Invocation.builder("op").parameter("r", r2).build(), p, false);
        CacheKey k3 = keys.create(Invocation.builder("op").parameter("r", r3).build(), p, false);

        assertThat(k1).isEqualTo(k2).isNotEqualTo(k3);
    }

    @Test
    void autoKey_fallsBackToBytesForMutableGraphs() {
        OperationPolicy p = policy(KeyStrategy.AUTO);
        NestedRequest a = new NestedRequest();
        a.tags.add("x");
        NestedRequest b = new NestedRequest();
        b.tags.add("x");
        NestedRequest c = new NestedRequest();
        c.tags.add("y");

        CacheKey ka = keys.create(Invocation.builder("op").parameter("r", a).build(), p, false);
        CacheKey kb = keys.create(Invocation.builder("op").parameter("r", b).build(), p, false);
        CacheKey kc = keys.create(Invocation.builder("op").parameter("r", c).build(), p, false);

        assertThat(ka).isEqualTo(kb).isNotEqualTo(kc);
    }

    @Test
    void autoKey_laterMutationOfTheParameterDoesNotChangeTheKey() {
        OperationPolicy p = policy(KeyStrategy.AUTO);
        byte[] bytes = {1, 2, 3};
        CacheKey before = keys.create(Invocation.builder("op").parameter("b", bytes).build(),
                p, false);
        bytes[0] = 9;
        CacheKey after = keys.create(Invocation.builder("op").parameter("b", bytes).build(),
                p, false);
        CacheKey original = keys.create(Invocation.builder("op")
                .parameter("b", new byte[] {1, 2, 3}).build(), p, false);

        assertThat(before).isNotEqualTo(after).isEqualTo(original);
    }

    @Test
    void key_collidingHashCodesStayDistinct() {
        OperationPolicy p = policy(KeyStrategy.AUTO);
        // "Aa" and "BB" have the same String.hashCode
        CacheKey a = keys.create(Invocation.builder("op").parameter("q", "Aa").build(), p, false);
        CacheKey b = keys.create(Invocation.builder("op").parameter("q", "BB").build(), p, false);

        assertThat(a.hashCode()).isEqualTo(b.hashCode());
        assertThat(a).isNotEqualTo(b);
    }

    @Test
    void toStringKey_rejectsTypesWithIdentityToString() {
        OperationPolicy p = policy(KeyStrategy.TO_STRING);
        Invocation inv = Invocation.builder("op").parameter("r", new NestedRequest()).build();

        assertThatThrownBy(() -> keys.create(inv, p, false))
                .hasMessage("key: toString is configured for op, but parameter 'r' is a "
                        + NestedRequest.class.getName() + ", which does not override "
                        + "toString(); write key: serialized or key: auto");
    }

    @Test
    void identity_partitionsKeysPerUser() {
        OperationPolicy p = policy(KeyStrategy.AUTO);
        CacheKey anonymous = keys.create(search("q", 0).build(), p, false);
        CacheKey alice = keys.create(search("q", 0).authorization("Basic YWxpY2U6cHc=").build(),
                p, false);
        CacheKey alice2 = keys.create(search("q", 0).authorization("Basic YWxpY2U6cHc=").build(),
                p, false);
        CacheKey bob = keys.create(search("q", 0).authorization("Basic Ym9iOnB3").build(),
                p, false);
        CacheKey wsUser = keys.create(search("q", 0).username("alice").build(), p, false);

        assertThat(alice).isEqualTo(alice2);
        assertThat(alice.isPartitioned()).isTrue();
        assertThat(anonymous.isPartitioned()).isFalse();
        assertThat(anonymous).isNotEqualTo(alice).isNotEqualTo(bob).isNotEqualTo(wsUser);
        assertThat(alice).isNotEqualTo(bob).isNotEqualTo(wsUser);
        assertThat(alice.toString()).doesNotContain("YWxpY2U6cHc=");
    }

    @Test
    void identity_anyCredentialKindPartitionsAndOrderDoesNotMatter() {
        OperationPolicy p = policy(KeyStrategy.AUTO);
        CacheKey anonymous = keys.create(search("q", 0).build(), p, false);
        CacheKey a1 = keys.create(search("q", 0).credential("cookie", "SESSION=a")
                .credential("header:X-Api-Key", "k1").build(), p, false);
        CacheKey a2 = keys.create(search("q", 0).credential("header:X-Api-Key", "k1")
                .credential("cookie", "SESSION=a").build(), p, false);
        CacheKey b = keys.create(search("q", 0).credential("cookie", "SESSION=b")
                .credential("header:X-Api-Key", "k1").build(), p, false);
        CacheKey kindMatters = keys.create(search("q", 0).credential("cookie", "k1")
                .credential("header:X-Api-Key", "SESSION=a").build(), p, false);

        assertThat(a1).isEqualTo(a2);
        assertThat(a1.isPartitioned()).isTrue();
        assertThat(a1).isNotEqualTo(anonymous).isNotEqualTo(b).isNotEqualTo(kindMatters);
    }

    @Test
    void identity_isSaltedPerCacheSoHashesDoNotTravel() {
        OperationPolicy p = policy(KeyStrategy.AUTO);
        Invocation alice = search("q", 0).authorization("Basic YWxpY2U6cHc=").build();

        assertThat(keys.create(alice, p, false)).isEqualTo(keys.create(alice, p, false))
                .isNotEqualTo(new Keys().create(alice, p, false));
    }

    @Test
    void identity_noCredentialIsKeptInTheKeyOrTheKeys() throws Exception {
        OperationPolicy p = policy(KeyStrategy.AUTO);
        CacheKey k = keys.create(search("q", 0).authorization("Basic c2VjcmV0OnB3")
                .credential("cookie", "SESSION=s3cr3t").build(), p, false);

        assertThat(k.toString()).doesNotContain("c2VjcmV0").doesNotContain("s3cr3t");
        for (java.lang.reflect.Field f : Keys.class.getDeclaredFields()) {
            if (!java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                f.setAccessible(true);
                assertThat(String.valueOf(f.get(keys))).doesNotContain("s3cr3t");
                assertThat(f.get(keys)).isNotInstanceOf(java.util.Map.class);
            }
        }
    }

    @Test
    void identity_sharedAcrossUsersWhenThePolicySaysSo() {
        OperationPolicy p = policy(KeyStrategy.AUTO).toBuilder().sharedAcrossUsers(true).build();

        assertThat(keys.create(search("q", 0).authorization("Basic a").build(), p, false))
                .isEqualTo(keys.create(search("q", 0).authorization("Basic b").build(), p, false));
    }

    @Test
    void xmlKey_ignoresPrefixesWhitespaceAttributeOrderAndVolatileElements() {
        OperationPolicy p = policy(KeyStrategy.XML);
        String a = "<g:search xmlns:g='urn:g' a='1' b='2'><g:q>shrek</g:q>"
                + "<MessageID xmlns='" + WSA + "'>uuid:1</MessageID></g:search>";
        String b = "<x:search xmlns:x='urn:g' b='2' a='1'>\n  <x:q>shrek</x:q>\n"
                + "  <wsa:MessageID xmlns:wsa='" + WSA + "'>uuid:2</wsa:MessageID>\n</x:search>";
        String c = "<g:search xmlns:g='urn:g' a='1' b='2'><g:q>donkey</g:q></g:search>";
        String d = "<g:search xmlns:g='urn:other' a='1' b='2'><g:q>shrek</g:q></g:search>";

        CacheKey ka = keys.create(xml(a), p, false);
        assertThat(ka).isEqualTo(keys.create(xml(b), p, false));
        assertThat(ka).isNotEqualTo(keys.create(xml(c), p, false))
                .isNotEqualTo(keys.create(xml(d), p, false));
    }

    @Test
    void xmlKey_bodyElementsNamedLikeVolatileOnesStayInTheKey() {
        OperationPolicy p = policy(KeyStrategy.XML);
        String a = "<g:renew xmlns:g='urn:g'><g:Expires>2027-01-01</g:Expires>"
                + "<Nonce>1</Nonce><MessageID>a</MessageID></g:renew>";
        String b = "<g:renew xmlns:g='urn:g'><g:Expires>2030-01-01</g:Expires>"
                + "<Nonce>1</Nonce><MessageID>a</MessageID></g:renew>";
        String c = "<g:renew xmlns:g='urn:g'><g:Expires>2027-01-01</g:Expires>"
                + "<Nonce>2</Nonce><MessageID>b</MessageID></g:renew>";
        String d = "<g:renew xmlns:g='urn:g'><g:Expires>2027-01-01</g:Expires>"
                + "<Nonce>1</Nonce><MessageID>a</MessageID>"
                + "<u:Expires xmlns:u='" + WSU + "'>2099</u:Expires></g:renew>";

        CacheKey ka = keys.create(xml(a), p, false);
        assertThat(ka).isNotEqualTo(keys.create(xml(b), p, false))
                .isNotEqualTo(keys.create(xml(c), p, false))
                .isEqualTo(keys.create(xml(d), p, false));
    }

    @Test
    void xmlKey_volatileElementsComeFromThePolicy() {
        OperationPolicy p = policy(KeyStrategy.XML).toBuilder()
                .volatileElements(Set.of("{urn:g}nonce")).build();
        CacheKey a = keys.create(xml("<s xmlns:g='urn:g'><q>x</q><g:nonce>1</g:nonce></s>"),
                p, false);
        CacheKey b = keys.create(xml("<s xmlns:g='urn:g'><q>x</q><g:nonce>2</g:nonce></s>"),
                p, false);
        CacheKey c = keys.create(xml("<s><q>x</q><nonce>2</nonce></s>"), p, false);

        assertThat(a).isEqualTo(b).isNotEqualTo(c);
    }

    @Test
    void xmlKey_withoutRequestXmlIsAnErrorThatNamesTheFix() {
        assertThatThrownBy(() -> keys.create(search("q", 0).build(),
                policy(KeyStrategy.XML), false))
                .hasMessage("key: xml is configured for doGoogleSearch, but the integration "
                        + "supplied no request XML; write key: auto");
    }

    private static Invocation xml(String text) {
        return Invocation.builder("search").requestXml(() -> {
            try {
                return XML.createXMLStreamReader(new StringReader(text));
            } catch (XMLStreamException e) {
                throw new IllegalStateException(e);
            }
        }).build();
    }

    static XMLStreamReader reader(String text) throws XMLStreamException {
        return XML.createXMLStreamReader(new StringReader(text));
    }

    /** A flat bean like an ADB request: strings and ints, no equals. */
    static final class FlatRequest {
        private final String q;
        private final int max;
        private boolean tracker = true;

        FlatRequest(String q, int max) {
            this.q = q;
            this.max = max;
        }
    }

    /** A request with a mutable collection inside. */
    static final class NestedRequest implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        final java.util.List<String> tags = new java.util.ArrayList<>();
    }
}
