package io.github.wscache.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.core.copy.CopierRegistry;
import io.github.wscache.core.internal.yaml.Durations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PolicyParsingTest {
    private static final List<String> AMAZON_SEARCHES = List.of("KeywordSearch",
            "TextStreamSearch", "PowerSearch", "BrowseNodeSearch", "AsinSearch", "BlendedSearch",
            "UpcSearch", "SkuSearch", "AuthorSearch", "ArtistSearch", "ActorSearch",
            "ManufacturerSearch", "DirectorSearch", "ListManiaSearch", "WishlistSearch",
            "ExchangeSearch", "MarketplaceSearch", "SellerProfileSearch", "SellerSearch",
            "SimilaritySearch");
    private static final List<String> AMAZON_CART = List.of("GetShoppingCart",
            "ClearShoppingCart", "AddShoppingCartItems", "RemoveShoppingCartItems",
            "ModifyShoppingCartItems", "GetTransactionDetails");

    private static Policy parse(String yaml) {
        return Policy.parse(yaml, "wscache.yaml");
    }

    private static Path resource(String name) throws Exception {
        return Path.of(PolicyParsingTest.class.getResource("/policies/" + name).toURI());
    }

    @Test
    void amazonPolicy_cachesTheTwentySearchesForAnHourAndNoCartOperation() throws Exception {
        Policy policy = Policy.load(resource("amazon.yaml"));

        assertThat(AMAZON_SEARCHES).hasSize(20).allSatisfy(op -> {
            OperationPolicy p = policy.resolve("AmazonSearchService", null, op);
            assertThat(p.cacheable()).as(op).isTrue();
            assertThat(p.ttl()).as(op).isEqualTo(Duration.ofHours(1));
        });
        assertThat(AMAZON_CART).hasSize(6).allSatisfy(op ->
                assertThat(policy.resolve("AmazonSearchService", null, op).cacheable()).as(op)
                        .isFalse());
        assertThat(policy.maximumSize()).isEqualTo(64L << 20);
    }

    @Test
    void everySettingExample_fromTheConfigurationReferenceLoads() throws Exception {
        Policy policy = Policy.load(resource("every-setting.yaml"));

        OperationPolicy p = policy.resolve("GoogleSearchService", null, "doGoogleSearch");
        assertThat(p.cacheable()).isTrue();
        assertThat(p.maxEntrySize()).isEqualTo(256 * 1024);
        assertThat(p.volatileElements()).contains("{urn:example:ws}requestNonce");
        assertThat(policy.resolve("GoogleSearchService", null, "other").ttl())
                .isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void resolve_unmatchedOperationIsNotCachedByDefault() {
        Policy policy = parse("operations:\n  - operation: doGoogleSearch\n");

        assertThat(policy.resolve("S", null, "somethingElse").cacheable()).isFalse();
        assertThat(policy.resolve("S", null, "doGoogleSearch").cacheable()).isTrue();
    }

    @Test
    void resolve_defaultsApplyToUnmatchedOperationsWhenTheySaySo() {
        Policy policy = parse("defaults:\n  cacheable: true\n  ttl: 5m\n"
                + "operations:\n  - operation: doGoogleSearch\n    ttl: 1h\n");

        OperationPolicy other = policy.resolve(null, null, "anything");
        assertThat(other.cacheable()).isTrue();
        assertThat(other.ttl()).isEqualTo(Duration.ofMinutes(5));
        assertThat(policy.resolve(null, null, "doGoogleSearch").ttl())
                .isEqualTo(Duration.ofHours(1));
    }

    @Test
    void resolve_entriesInheritTheDefaultsTheyDoNotOverride() {
        Policy policy = parse("defaults:\n  ttl: 10m\n  value: serialization\n"
                + "operations:\n  - operation: a\n    key: serialized\n");

        OperationPolicy a = policy.resolve(null, null, "a");
        assertThat(a.ttl()).isEqualTo(Duration.ofMinutes(10));
        assertThat(a.value()).isEqualTo(ValueRepresentation.SERIALIZATION);
        assertThat(a.key()).isEqualTo(KeyStrategy.SERIALIZED);
    }

    @Test
    void resolve_mostSpecificMatchWinsWhateverTheOrder() {
        Policy policy = parse("operations:\n"
                + "  - operation: '*'\n    ttl: 1m\n"
                + "  - operation: 'do*'\n    ttl: 2m\n"
                + "  - service: Google\n    operation: 'do*'\n    ttl: 3m\n"
                + "  - operation: doGoogleSearch\n    ttl: 4m\n"
                + "  - service: Google\n    operation: doGoogleSearch\n    ttl: 5m\n"
                + "  - endpoint: 'http://backup*'\n    operation: doGoogleSearch\n    ttl: 6m\n");

        assertThat(policy.resolve("Google", "http://main/x", "doGoogleSearch").ttl())
                .isEqualTo(Duration.ofMinutes(5));
        assertThat(policy.resolve("Other", "http://backup/x", "doGoogleSearch").ttl())
                .isEqualTo(Duration.ofMinutes(6));
        assertThat(policy.resolve("Other", "http://main/x", "doGoogleSearch").ttl())
                .isEqualTo(Duration.ofMinutes(4));
        assertThat(policy.resolve("Google", null, "doSpellingSuggestion").ttl())
                .isEqualTo(Duration.ofMinutes(3));
        assertThat(policy.resolve("Other", null, "doSpellingSuggestion").ttl())
                .isEqualTo(Duration.ofMinutes(2));
        assertThat(policy.resolve("Other", null, "search").ttl())
                .isEqualTo(Duration.ofMinutes(1));
    }

    @Test
    void parse_readsEverySettingOfAnEntry() {
        Policy policy = parse("maximumSize: 512KB\noperations:\n"
                + "  - operation: op\n    cacheable: true\n    ttl: PT90S\n    key: toString\n"
                + "    value: reflection\n    readOnly: false\n    maxEntrySize: 4KB\n"
                + "    minUses: 2\n    honorHttpHeaders: true\n    sharedAcrossUsers: true\n"
                + "    volatileElements: [MessageID, '{urn:x}nonce']\n");

        OperationPolicy p = policy.resolve(null, null, "op");
        assertThat(policy.maximumSize()).isEqualTo(512 * 1024);
        assertThat(p.ttl()).isEqualTo(Duration.ofSeconds(90));
        assertThat(p.key()).isEqualTo(KeyStrategy.TO_STRING);
        assertThat(p.value()).isEqualTo(ValueRepresentation.REFLECTION);
        assertThat(p.maxEntrySize()).isEqualTo(4096);
        assertThat(p.minUses()).isEqualTo(2);
        assertThat(p.honorHttpHeaders()).isTrue();
        assertThat(p.sharedAcrossUsers()).isTrue();
        assertThat(p.volatileElements()).containsExactly("MessageID", "{urn:x}nonce");
        assertThat(p.source()).hasValue("wscache.yaml:3:5");
    }

    @Test
    void parse_honorHttpHeadersOnly_andTrueOverridesItsDefault() {
        Policy policy = parse("defaults:\n  honorHttpHeaders: only\noperations:\n"
                + "  - operation: a\n  - operation: b\n    honorHttpHeaders: true\n");

        OperationPolicy a = policy.resolve(null, null, "a");
        OperationPolicy b = policy.resolve(null, null, "b");
        assertThat(a.honorHttpHeaders()).isTrue();
        assertThat(a.httpHeadersOnly()).isTrue();
        assertThat(a.toString()).contains("honorHttpHeaders: only");
        assertThat(b.honorHttpHeaders()).isTrue();
        assertThat(b.httpHeadersOnly()).isFalse();
        assertThat(a).isNotEqualTo(b);
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n"
                + "    honorHttpHeaders: always\n"))
                .hasMessage("wscache.yaml:3:23: 'honorHttpHeaders' must be true, false or only,"
                        + " not 'always'");
    }

    @Test
    void parse_readsIdentityHeadersAndLocatesAWrongType() {
        OperationPolicy p = parse("operations:\n  - operation: op\n"
                + "    identityHeaders: [Tenancy, '{urn:acme}Customer']\n")
                .resolve(null, null, "op");

        assertThat(p.identityHeaders()).containsExactly("Tenancy", "{urn:acme}Customer");
        assertThat(OperationPolicy.notCached().identityHeaders()).isEmpty();
        assertThatThrownBy(() -> parse("operations:\n  - operation: op\n"
                + "    identityHeaders: Tenancy\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessageContaining("wscache.yaml:3:22")
                .hasMessageContaining("'identityHeaders' must be a list of element names");
    }

    @Test
    void parse_minUsesIsOneByDefaultAndAWrongOneIsLocated() {
        assertThat(parse("operations:\n  - operation: op\n").resolve(null, null, "op").minUses())
                .isEqualTo(1);
        for (String wrong : List.of("0", "16", "-1", "2.5", "two", "'2'", "[2]", "99999999999")) {
            assertThatThrownBy(() -> parse("operations:\n  - operation: op\n    minUses: "
                    + wrong + "\n"))
                    .as(wrong)
                    .isInstanceOf(PolicyException.class)
                    .hasMessageStartingWith("wscache.yaml:3:14: 'minUses' must be a whole number "
                            + "from 1 to 15, not ")
                    .hasMessageContaining("write minUses: 2");
        }
        assertThatThrownBy(() -> OperationPolicy.builder().minUses(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("minUses must be between 1 and 15: 0");
    }

    @Test
    void defaultVolatileElements_nameTheirNamespaces() {
        assertThat(OperationPolicy.DEFAULT_VOLATILE_ELEMENTS).isNotEmpty()
                .allMatch(n -> n.startsWith("{http"));
    }

    @Test
    void parse_acceptsShortAndIsoDurations() {
        assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Durations.parse("5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(Durations.parse("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parse("2d")).isEqualTo(Duration.ofDays(2));
        assertThat(Durations.parse("PT1H30M")).isEqualTo(Duration.ofMinutes(90));
        assertThat(Durations.parse("pt5s")).isEqualTo(Duration.ofSeconds(5));
        assertThat(Durations.parse("soon")).isNull();
    }

    @Test
    void rejects_unknownKeyWithTheNearestKnownOne() {
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    tll: 1h\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessageStartingWith("wscache.yaml:3:5: unknown key 'tll' in operations[0]; "
                        + "did you mean 'ttl'? Allowed keys: ")
                .satisfies(e -> {
                    PolicyException pe = (PolicyException) e;
                    assertThat(pe.file()).hasValue("wscache.yaml");
                    assertThat(pe.line()).isEqualTo(3);
                    assertThat(pe.column()).isEqualTo(5);
                });
    }

    @Test
    void rejects_unknownTopLevelKey() {
        assertThatThrownBy(() -> parse("maxSize: 1MB\n"))
                .hasMessage("wscache.yaml:1:1: unknown key 'maxSize' in the top level; did you "
                        + "mean 'maximumSize'? Allowed keys: defaults, maximumSize, operations, "
                        + "sharedTier");
    }

    @Test
    void valueBytes_keepsTheResponseBytes_andXmlStaysAcceptedForThem() {
        for (String word : List.of("bytes", "xml", "Bytes")) {
            Policy p = parse("operations:\n  - operation: a\n    value: " + word + "\n");
            assertThat(p.rules().get(0).policy().value()).as(word)
                    .isEqualTo(ValueRepresentation.XML);
            assertThat(p.rules().get(0).policy().value().isMessageLevel()).isTrue();
        }
    }

    @Test
    void rejects_wrongTypes() {
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    cacheable: maybe\n"))
                .hasMessage("wscache.yaml:3:16: 'cacheable' must be true or false, not 'maybe'");
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    ttl: [1h]\n"))
                .hasMessage("wscache.yaml:3:10: 'ttl' must be a duration such as 30s, 5m, 1h "
                        + "or PT1H, not a list");
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    key: md5\n"))
                .hasMessage("wscache.yaml:3:10: 'key' must be one of auto, toString, "
                        + "serialized, xml, not 'md5'");
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    value: dom\n"))
                .hasMessage("wscache.yaml:3:12: 'value' must be one of auto, reference, clone, "
                        + "reflection, serialization, events, bytes (or xml), not 'dom'");
        assertThatThrownBy(() -> parse("maximumSize: lots\n"))
                .hasMessage("wscache.yaml:1:14: 'maximumSize' must be a size such as 65536, "
                        + "512KB or 64MB, not 'lots'");
        assertThatThrownBy(() -> parse("operations:\n  op: a\n"))
                .hasMessage("wscache.yaml:2:3: 'operations' must be a list of entries, each "
                        + "starting with '- operation: name', not a mapping");
    }

    @Test
    void rejects_zeroAndNegativeTtl() {
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    ttl: 0s\n"))
                .hasMessage("wscache.yaml:3:10: 'ttl' must be positive, not '0s'; to keep an "
                        + "operation out of the cache write cacheable: false");
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    ttl: -PT5M\n"))
                .hasMessage("wscache.yaml:3:10: 'ttl' must be positive, not '-PT5M'; to keep an "
                        + "operation out of the cache write cacheable: false");
        assertThatThrownBy(() -> parse("maximumSize: 0\n"))
                .hasMessage("wscache.yaml:1:14: 'maximumSize' must be positive, not 0");
    }

    @Test
    void rejects_entryWithoutOperation() {
        assertThatThrownBy(() -> parse("operations:\n  - service: S\n    ttl: 1h\n"))
                .hasMessage("wscache.yaml:2:5: operations[0] has no 'operation'; write "
                        + "'operation: name' (or a pattern such as '*Search', or '*' for every "
                        + "operation)");
    }

    @Test
    void rejects_duplicateKeys() {
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    ttl: 1h\n    ttl: 2h\n"))
                .hasMessage("wscache.yaml:4:5: duplicate key 'ttl' (first written at line 3); "
                        + "keep one of them");
    }

    @Test
    void rejects_invalidYamlWithItsPlace() {
        assertThatThrownBy(() -> parse("operations:\n  - operation: [a\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessageStartingWith("wscache.yaml:")
                .hasMessageContaining("not valid YAML");
    }

    @Test
    void yamlSyntaxErrors_sayWhereAndWhatToWrite_inOneLineWithOnePlace() {
        assertThat(error("operations:\n  - operation: a\n    ttl: 1h\n   value: xml\n"))
                .startsWith("wscache.yaml:4:").contains("not valid YAML")
                .contains("does not line up");
        assertThat(error("operations:\n  - operation: a\n\tttl: 1h\n"))
                .startsWith("wscache.yaml:3:").contains("not tabs");
        assertThat(error("operations:\n  - operation: a: b\n"))
                .isEqualTo("wscache.yaml:2:17: not valid YAML: mapping values are not allowed"
                        + " here; a value that holds \": \" must be in quotes");
        for (String yaml : List.of("operations:\n  - operation: a\n    ttl: 1h\n   value: xml\n",
                "operations:\n  - operation: a\n\tttl: 1h\n", "operations: [a\n")) {
            assertThat(error(yaml)).doesNotContain("\n").doesNotContain("in 'reader'");
        }
    }

    private static String error(String yaml) {
        try {
            parse(yaml);
        } catch (PolicyException e) {
            return e.getMessage();
        }
        throw new AssertionError("accepted: " + yaml);
    }

    @Test
    void rejects_readOnlyTogetherWithACopyingValue() {
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    readOnly: true\n"
                + "    value: clone\n"))
                .hasMessage("wscache.yaml:4:12: operations[0] says readOnly: true, which shares "
                        + "results without copying, and value: clone, which copies them; remove "
                        + "one of the two");
    }

    @Test
    void rejects_toStringKeyOnParameterTypeWithoutToString() {
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    key: toString\n"
                + "    parameterTypes: [java.lang.String, " + NoToString.class.getName() + "]\n"))
                .hasMessage("wscache.yaml:3:10: operations[0] uses key: toString, but parameter "
                        + "type " + NoToString.class.getName() + " does not override "
                        + "toString(), so equal requests would get different keys; write key: "
                        + "serialized (or auto)");
    }

    @Test
    void accepts_toStringKeyOnTypesThatOverrideIt() {
        Policy p = parse("operations:\n  - operation: a\n    key: toString\n"
                + "    parameterTypes: [java.lang.String, int, " + WithToString.class.getName()
                + "]\n");
        assertThat(p.resolve(null, null, "a").key()).isEqualTo(KeyStrategy.TO_STRING);
    }

    @Test
    void rejects_cloneValueOnTypeWithoutDeepClone() {
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    value: clone\n"
                + "    resultType: " + NoToString.class.getName() + "\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessageStartingWith("wscache.yaml:3:12: operations[0] uses value: clone, "
                        + "which cannot copy " + NoToString.class.getName() + " safely: ")
                .hasMessageContaining("; write value: ");
    }

    @Test
    void resultType_isCheckedUnderTheRegistryGiven_atLoadAndAtEveryReload(@TempDir Path dir)
            throws Exception {
        String yaml = "operations:\n  - operation: a\n    value: clone\n"
                + "    resultType: " + Sheet.class.getName() + "\n";
        CopierRegistry deepSheets = CopierRegistry.create().registerDeepClone(Sheet.class);

        assertThatThrownBy(() -> parse(yaml)).as("a new, empty registry: clone() is not deep")
                .hasMessageStartingWith("wscache.yaml:3:12: operations[0] uses value: clone, "
                        + "which cannot copy " + Sheet.class.getName() + " safely: ");
        assertThat(Policy.parse(yaml, "wscache.yaml", deepSheets).resolve(null, null, "a")
                .value()).isEqualTo(ValueRepresentation.CLONE);
        Path file = dir.resolve("wscache.yaml");
        Files.writeString(file, yaml);
        Policy loaded = Policy.load(file, deepSheets);
        Files.writeString(file, yaml.replace("operation: a", "operation: b"));
        assertThat(loaded.reload().succeeded()).isTrue();
        assertThat(loaded.resolve(null, null, "b").value()).isEqualTo(ValueRepresentation.CLONE);
        assertThatThrownBy(() -> Policy.load(file)).isInstanceOf(PolicyException.class);
    }

    @Test
    void rejects_unknownResultType() {
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n"
                + "    resultType: com.example.Missing\n"))
                .hasMessage("wscache.yaml:3:17: class com.example.Missing named in 'resultType' "
                        + "is not on the classpath; write its fully qualified name, e.g. "
                        + "com.example.SearchResult");
    }

    @Test
    void load_missingFileSaysHowToNameOne() {
        assertThatThrownBy(() -> Policy.load(Path.of("/nonexistent/wscache.yaml")))
                .hasMessage("/nonexistent/wscache.yaml: no such policy file; create it or pass "
                        + "-Dwscache.policy=/path/to/wscache.yaml");
    }

    @Test
    void builder_isEquivalentToTheFile() throws Exception {
        Policy fromFile = Policy.load(resource("google.yaml"));
        OperationPolicy hour = OperationPolicy.builder().cacheable(true)
                .ttl(Duration.ofHours(1)).build();
        Policy inCode = Policy.builder()
                .maximumSize(32L << 20)
                .rule(Rule.of("GoogleSearchService", "doGoogleSearch", hour))
                .rule(Rule.of("GoogleSearchService", "doSpellingSuggestion",
                        hour.toBuilder().value(ValueRepresentation.REFERENCE).build()))
                .rule(Rule.of("GoogleSearchService", "doGetCachedPage", hour.toBuilder()
                        .ttl(Duration.ofMinutes(30)).maxEntrySize(64 * 1024).build()))
                .build();

        for (String op : Set.of("doGoogleSearch", "doSpellingSuggestion", "doGetCachedPage")) {
            assertThat(inCode.resolve("GoogleSearchService", null, op))
                    .isEqualTo(fromFile.resolve("GoogleSearchService", null, op));
        }
        assertThat(inCode.maximumSize()).isEqualTo(fromFile.maximumSize());
    }

    @Test
    void builder_validatesEarly() {
        assertThatThrownBy(() -> OperationPolicy.builder().ttl(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ttl must be positive: PT0S");
        assertThatThrownBy(() -> OperationPolicy.builder().maxEntrySize(-1))
                .hasMessage("maxEntrySize must be positive: -1");
        assertThatThrownBy(() -> Policy.builder().maximumSize(0))
                .hasMessage("maximum size must be positive: 0");
        assertThatThrownBy(() -> Policy.builder().maximumSize(1).maximumSize(2))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("maximum size was already set to 1");
        assertThatThrownBy(() -> Rule.of("S", " ", OperationPolicy.notCached()))
                .hasMessage("operation pattern must not be blank");
    }

    @Test
    void sharedTier_isReadWithItsPlace() {
        Policy policy = parse("maximumSize: 1MB\nsharedTier: redis://10.0.0.5:6379\n"
                + "operations:\n  - operation: a\n");

        SharedTierSetting tier = policy.sharedTier().orElseThrow();
        assertThat(tier.uri()).isEqualTo("redis://10.0.0.5:6379");
        assertThat(tier.scheme()).isEqualTo("redis");
        assertThat(tier.source()).hasValue("wscache.yaml:2:13");
        assertThat(tier.error("it is down").getMessage())
                .isEqualTo("wscache.yaml:2:13: it is down");
        assertThat(parse("sharedTier: 'redis://cache-1.example.com:16379'\n").sharedTier()
                .orElseThrow().uri()).isEqualTo("redis://cache-1.example.com:16379");
        assertThat(parse("sharedTier: redis://[::1]:6379\n").sharedTier()).isPresent();
        SharedTierSetting cluster = parse("sharedTier: redis-cluster://10.0.0.5:7000,"
                + "10.0.0.6:7000,10.0.0.7:7000\n").sharedTier().orElseThrow();
        assertThat(cluster.scheme()).isEqualTo("redis-cluster");
        assertThat(cluster.uri()).isEqualTo("redis-cluster://10.0.0.5:7000,10.0.0.6:7000,"
                + "10.0.0.7:7000");
        assertThat(parse("operations: []\n").sharedTier()).isEmpty();
        assertThat(policy.toString()).contains("sharedTier=redis://10.0.0.5:6379");
    }

    @Test
    void sharedTier_rejectsWhatIsNotARedisAddress() {
        String form = "'sharedTier' must be redis://host:port or redis-cluster://host:port,"
                + "host:port,..., e.g. redis://10.0.0.5:6379, not ";
        assertThatThrownBy(() -> parse("sharedTier: 10.0.0.5:6379\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml:1:13: " + form + "'10.0.0.5:6379': an address starts"
                        + " with redis:// or redis-cluster://");
        assertThatThrownBy(() -> parse("sharedTier: http://10.0.0.5:6379\n"))
                .hasMessage("wscache.yaml:1:13: " + form + "'http://10.0.0.5:6379': the scheme"
                        + " 'http' is not supported (redis and redis-cluster are)");
        assertThatThrownBy(() -> parse("sharedTier: redis://a:1,b:2\n"))
                .hasMessage("wscache.yaml:1:13: " + form + "'redis://a:1,b:2': redis:// names"
                        + " one server; name a cluster's nodes with redis-cluster://");
        assertThatThrownBy(() -> parse("sharedTier: redis-cluster://a:1,b\n"))
                .hasMessage("wscache.yaml:1:13: " + form + "'redis-cluster://a:1,b': the port"
                        + " is missing (Redis listens on 6379 unless told otherwise)");
        assertThatThrownBy(() -> parse("sharedTier: 'redis-cluster://a:1,,b:2'\n"))
                .hasMessageEndingWith("'redis-cluster://a:1,,b:2': only a scheme, hosts and"
                        + " ports (no user, password, path or query)");
        assertThatThrownBy(() -> parse("sharedTier: redis-cluster://a:1,b!:2\n"))
                .hasMessageEndingWith("'redis-cluster://a:1,b!:2': 'b!:2' is not a host and a"
                        + " port");
        assertThatThrownBy(() -> parse("sharedTier: redis://10.0.0.5\n"))
                .hasMessage("wscache.yaml:1:13: " + form + "'redis://10.0.0.5': the port is"
                        + " missing (Redis listens on 6379 unless told otherwise)");
        assertThatThrownBy(() -> parse("sharedTier: redis://10.0.0.5:70000\n"))
                .hasMessage("wscache.yaml:1:13: " + form + "'redis://10.0.0.5:70000': the port"
                        + " must be 1 to 65535");
        assertThatThrownBy(() -> parse("sharedTier: redis://user:secret@10.0.0.5:6379/0\n"))
                .hasMessage("wscache.yaml:1:13: " + form + "'redis://user:secret@10.0.0.5:6379/0':"
                        + " only a scheme, hosts and ports (no user, password, path or query)");
        assertThatThrownBy(() -> parse("sharedTier: [redis://a:1]\n"))
                .hasMessage("wscache.yaml:1:13: 'sharedTier' must be the address of the farm's"
                        + " Redis, redis://host:port or redis-cluster://host:port,host:port,...,"
                        + " e.g. redis://10.0.0.5:6379, or a mapping of 'uri' (the address) and"
                        + " 'signingKeyFile', not a list");
        assertThatThrownBy(() -> parse("sharedTier:\n"))
                .hasMessageStartingWith("wscache.yaml:1:")
                .hasMessageEndingWith(", not nothing");
        assertThatThrownBy(() -> parse("sharedTeir: redis://a:1\n"))
                .hasMessageStartingWith("wscache.yaml:1:1: unknown key 'sharedTeir' in the top"
                        + " level; did you mean 'sharedTier'? Allowed keys: defaults,"
                        + " maximumSize, operations, sharedTier");
    }

    @Test
    void sharedTier_inCodeIsCheckedAndKeptWhenTheRulesAreReplaced() {
        Policy policy = Policy.builder().sharedTier("redis://127.0.0.1:6379").build();
        assertThat(policy.sharedTier().orElseThrow().source()).isEmpty();
        assertThatThrownBy(() -> Policy.builder().sharedTier("redis://127.0.0.1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sharedTier must be redis://host:port or redis-cluster://host:port,"
                        + "host:port,..., e.g. redis://10.0.0.5:6379, not 'redis://127.0.0.1':"
                        + " the port is missing (Redis listens on 6379 unless told otherwise)");
        assertThatThrownBy(() -> Policy.builder().sharedTier("redis://a:1")
                .sharedTier("redis://b:2"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("sharedTier was already set to redis://a:1");

        // a dashboard replacing the rules does not drop the farm's tier
        policy.replaceWith(parse("operations:\n  - operation: a\n"));
        assertThat(policy.sharedTier().orElseThrow().uri()).isEqualTo("redis://127.0.0.1:6379");
        assertThat(policy.resolve(null, null, "a").cacheable()).isTrue();
    }

    @Test
    void sharedTier_asAMapping_namesTheAddressAndTheSigningKeyFile() {
        Policy policy = parse("maximumSize: 1MB\nsharedTier:\n  uri: redis://10.0.0.5:6379\n"
                + "  signingKeyFile: /etc/wscache/farm.key\noperations:\n  - operation: a\n");

        SharedTierSetting tier = policy.sharedTier().orElseThrow();
        assertThat(tier.uri()).isEqualTo("redis://10.0.0.5:6379");
        assertThat(tier.scheme()).isEqualTo("redis");
        assertThat(tier.signingKeyFile()).hasValue(Path.of("/etc/wscache/farm.key"));
        // the place of the address, where a cache that cannot open the tier reports it
        assertThat(tier.source()).hasValue("wscache.yaml:3:8");
        assertThat(tier.toString()).isEqualTo("redis://10.0.0.5:6379 signed with the key in"
                + " /etc/wscache/farm.key");
        assertThat(policy.toString()).contains("sharedTier=redis://10.0.0.5:6379 signed with"
                + " the key in /etc/wscache/farm.key");

        // the key file is named, not read: the policy loads where the file does not exist
        SharedTierSetting cluster = parse("sharedTier: {uri: 'redis-cluster://a:7000,b:7000',"
                + " signingKeyFile: /nowhere/farm.key}\n").sharedTier().orElseThrow();
        assertThat(cluster.scheme()).isEqualTo("redis-cluster");
        assertThat(cluster.signingKeyFile()).hasValue(Path.of("/nowhere/farm.key"));
        SharedTierSetting unsigned = parse("sharedTier:\n  uri: redis://10.0.0.5:6379\n")
                .sharedTier().orElseThrow();
        assertThat(unsigned.signingKeyFile()).isEmpty();
        assertThat(unsigned.toString()).isEqualTo("redis://10.0.0.5:6379");
    }

    @Test
    void sharedTier_theScalarFormHasNoSigningKeyFile_andTheKeyFileTakesPartInEquality() {
        SharedTierSetting scalar = parse("sharedTier: redis://10.0.0.5:6379\n").sharedTier()
                .orElseThrow();
        SharedTierSetting mapping = parse("sharedTier:\n  uri: redis://10.0.0.5:6379\n")
                .sharedTier().orElseThrow();
        SharedTierSetting signed = parse("sharedTier:\n  uri: redis://10.0.0.5:6379\n"
                + "  signingKeyFile: /etc/wscache/farm.key\n").sharedTier().orElseThrow();
        SharedTierSetting inCode = Policy.builder().sharedTier("redis://10.0.0.5:6379",
                Path.of("/etc/wscache/farm.key")).build().sharedTier().orElseThrow();
        SharedTierSetting otherKey = Policy.builder().sharedTier("redis://10.0.0.5:6379",
                Path.of("/etc/wscache/other.key")).build().sharedTier().orElseThrow();

        assertThat(scalar.signingKeyFile()).isEmpty();
        assertThat(scalar.source()).hasValue("wscache.yaml:1:13");
        assertThat(scalar).isEqualTo(mapping).hasSameHashCodeAs(mapping);
        assertThat(signed).isEqualTo(inCode).hasSameHashCodeAs(inCode);
        assertThat(signed).isNotEqualTo(scalar).isNotEqualTo(otherKey);
        assertThat(inCode.source()).isEmpty();
        assertThatThrownBy(() -> Policy.builder().sharedTier("redis://a:1", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("signingKeyFile");
        assertThatThrownBy(() -> Policy.builder().sharedTier("redis://a:1")
                .sharedTier("redis://a:1", Path.of("/k")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("sharedTier was already set to redis://a:1");
    }

    @Test
    void sharedTier_asAMapping_rejectsWhatIsWrongWithItsPlace() {
        assertThatThrownBy(() -> parse("sharedTier:\n  signingKeyFile: /etc/wscache/farm.key\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml:2:3: 'sharedTier' has no 'uri'; write the address of"
                        + " the farm's Redis under it, e.g. 'uri: redis://10.0.0.5:6379'");
        assertThatThrownBy(() -> parse("sharedTier: {}\n"))
                .hasMessageStartingWith("wscache.yaml:1:13: 'sharedTier' has no 'uri'");
        assertThatThrownBy(() -> parse("maximumSize: 1MB\nsharedTier:\n"
                + "  uri: redis://10.0.0.5:6379\n  signingKeyFiel: /etc/wscache/farm.key\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml:4:3: unknown key 'signingKeyFiel' in sharedTier; did"
                        + " you mean 'signingKeyFile'? Allowed keys: signingKeyFile, uri");
        assertThatThrownBy(() -> parse("sharedTier:\n  url: redis://10.0.0.5:6379\n"))
                .hasMessage("wscache.yaml:2:3: unknown key 'url' in sharedTier; did you mean"
                        + " 'uri'? Allowed keys: signingKeyFile, uri");
        assertThatThrownBy(() -> parse("sharedTier:\n  uri: redis://10.0.0.5:6379\n"
                + "  password: secret\n"))
                .hasMessage("wscache.yaml:3:3: unknown key 'password' in sharedTier; allowed"
                        + " keys: signingKeyFile, uri");
        assertThatThrownBy(() -> parse("sharedTier:\n  uri: redis://10.0.0.5\n"))
                .hasMessage("wscache.yaml:2:8: 'uri' must be redis://host:port or"
                        + " redis-cluster://host:port,host:port,..., e.g. redis://10.0.0.5:6379,"
                        + " not 'redis://10.0.0.5': the port is missing (Redis listens on 6379"
                        + " unless told otherwise)");
        assertThatThrownBy(() -> parse("sharedTier:\n  uri: 10.0.0.5:6379\n"))
                .hasMessage("wscache.yaml:2:8: 'uri' must be redis://host:port or"
                        + " redis-cluster://host:port,host:port,..., e.g. redis://10.0.0.5:6379,"
                        + " not '10.0.0.5:6379': an address starts with redis:// or"
                        + " redis-cluster://");
        assertThatThrownBy(() -> parse("sharedTier:\n  uri: 6379\n"))
                .hasMessage("wscache.yaml:2:8: 'uri' must be the address of the farm's Redis,"
                        + " redis://host:port or redis-cluster://host:port,host:port,..., e.g."
                        + " redis://10.0.0.5:6379, not 6379");
        assertThatThrownBy(() -> parse("sharedTier:\n  uri:\n"))
                .hasMessageStartingWith("wscache.yaml:2:")
                .hasMessageEndingWith(", not nothing");
        String keyFile = "'signingKeyFile' must be the absolute path of the file that holds the"
                + " farm's signing key, e.g. /etc/wscache/farm.key, not ";
        assertThatThrownBy(() -> parse("sharedTier:\n  uri: redis://10.0.0.5:6379\n"
                + "  signingKeyFile: 42\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml:3:19: " + keyFile + "42");
        assertThatThrownBy(() -> parse("sharedTier:\n  uri: redis://10.0.0.5:6379\n"
                + "  signingKeyFile: [/etc/wscache/farm.key]\n"))
                .hasMessage("wscache.yaml:3:19: " + keyFile + "a list");
        assertThatThrownBy(() -> parse("sharedTier:\n  uri: redis://10.0.0.5:6379\n"
                + "  signingKeyFile: ' '\n"))
                .hasMessage("wscache.yaml:3:19: " + keyFile + "' '");
        assertThatThrownBy(() -> parse("sharedTier:\n  uri: redis://10.0.0.5:6379\n"
                + "  signingKeyFile: farm.key\n"))
                .hasMessage("wscache.yaml:3:19: " + keyFile + "'farm.key': a relative path"
                        + " would depend on the directory the JVM starts in");
    }

    /** A parameter type that keeps Object's identity toString. */
    public static final class NoToString {
        public java.util.List<String> items = new java.util.ArrayList<>();
    }

    /** A deep public clone(), which the value: clone check accepts once registered. */
    public static final class Sheet implements Cloneable {
        public int[] cells = {1, 2};

        @Override
        public Sheet clone() {
            try {
                Sheet copy = (Sheet) super.clone();
                copy.cells = cells.clone();
                return copy;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    /** A parameter type with a value toString. */
    public static final class WithToString {
        @Override
        public String toString() {
            return "v";
        }
    }
}
