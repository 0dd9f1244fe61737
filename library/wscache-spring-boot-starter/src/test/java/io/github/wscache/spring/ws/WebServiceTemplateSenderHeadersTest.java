package io.github.wscache.spring.ws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.CacheEvent;
import io.github.wscache.core.Reason;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.foreign.ForeignServer;
import io.github.wscache.foreign.ForeignService;
import io.github.wscache.foreign.ReceivedRequest;
import io.github.wscache.foreign.service.CatalogServiceImpl;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.webservices.client.WebServiceTemplateBuilder;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.oxm.jaxb.Jaxb2Marshaller;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.ws.client.core.WebServiceMessageCallback;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.transport.HeadersAwareSenderWebServiceConnection;
import org.springframework.ws.transport.WebServiceMessageSender;
import org.springframework.ws.transport.context.TransportContextHolder;
import org.springframework.ws.transport.http.ClientHttpRequestMessageSender;
import org.springframework.ws.transport.http.HttpComponents5MessageSender;
import org.springframework.ws.transport.http.HttpComponentsMessageSender;
import org.springframework.ws.transport.http.HttpUrlConnectionMessageSender;
import org.springframework.ws.transport.http.JdkHttpClientMessageSender;

/**
 * Per-user HTTP fields added in a {@link WebServiceMessageCallback}, through the connection's
 * {@code addRequestHeader} (the common way to send a user's {@code Authorization}), on every
 * message sender Spring-WS ships: where the cache can read the fields on the connection's
 * request they partition the entries; where it cannot (the JDK {@code HttpClient}'s connection
 * keeps its request builder private, {@code HttpURLConnection} hides {@code Authorization}) the
 * call is bypassed, unless the operation is {@code sharedAcrossUsers}. Templates come from
 * Boot's builder; every assertion counts the requests that reached the foreign-ws
 * CatalogService.
 */
@SpringBootTest(classes = WebServiceTemplateSenderHeadersTest.App.class,
        webEnvironment = WebEnvironment.NONE)
@DirtiesContext
class WebServiceTemplateSenderHeadersTest {
    @TempDir
    static Path dir;
    static ForeignServer server;

    @Autowired
    WebServiceTemplateBuilder builder;
    @Autowired
    ResponseCache cache;

    private final List<CacheEvent> events = new CopyOnWriteArrayList<>();
    private final Consumer<CacheEvent> listener = events::add;
    private final List<WebServiceMessageSender> senders = new ArrayList<>();

    /** Boot's auto-configuration and nothing else. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
    }

    /** Every HTTP message sender of Spring-WS, and whether the cache reads its fields. */
    enum Sender {
        CLIENT_HTTP_REQUEST(true,
                () -> new ClientHttpRequestMessageSender(new JdkClientHttpRequestFactory())),
        HTTP_COMPONENTS_5(true, HttpComponents5MessageSender::new),
        HTTP_COMPONENTS_4(true, HttpComponentsMessageSender::new),
        JDK_HTTP_CLIENT(false, JdkHttpClientMessageSender::new),
        HTTP_URL_CONNECTION(false, HttpUrlConnectionMessageSender::new);

        final boolean showsHeaders;
        private final Supplier<WebServiceMessageSender> factory;

        Sender(boolean showsHeaders, Supplier<WebServiceMessageSender> factory) {
            this.showsHeaders = showsHeaders;
            this.factory = factory;
        }

        WebServiceMessageSender create() throws Exception {
            WebServiceMessageSender s = factory.get();
            if (s instanceof InitializingBean b) {
                b.afterPropertiesSet();
            }
            return s;
        }
    }

    @BeforeAll
    static void start() throws IOException {
        server = ForeignServer.start(0);
        String endpoint = server.endpoint(ForeignService.CATALOG);
        Files.writeString(dir.resolve("wscache.yaml"), "operations:\n"
                + "  - endpoint: '" + endpoint + "'\n    operation: KeywordSearch\n"
                + "    ttl: 60s\n    value: events\n"
                + "  - endpoint: '" + endpoint + "'\n    operation: AsinSearch\n"
                + "    ttl: 60s\n    value: bytes\n    sharedAcrossUsers: true\n");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("wscache.policy", () -> "file:" + dir.resolve("wscache.yaml"));
    }

    @BeforeEach
    void reset() {
        server.reset();
        cache.invalidateAll();
        cache.addListener(listener);
    }

    @AfterEach
    void close() throws Exception {
        cache.removeListener(listener);
        for (WebServiceMessageSender s : senders) {
            if (s instanceof DisposableBean d) {
                d.destroy();
            }
        }
    }

    private WebServiceTemplate template(Sender sender) throws Exception {
        WebServiceMessageSender s = sender.create();
        senders.add(s);
        Jaxb2Marshaller m = new Jaxb2Marshaller();
        m.setClassesToBeBound(Catalog.KeywordSearch.class, Catalog.KeywordSearchResponse.class,
                Catalog.AsinSearch.class, Catalog.AsinSearchResponse.class);
        m.afterPropertiesSet();
        return builder.setMarshaller(m).setUnmarshaller(m).messageSenders(s)
                .setDefaultUri(server.endpoint(ForeignService.CATALOG)).build();
    }

    /** Adds {@code Authorization: Basic} for {@code user} on the call's connection. */
    private static WebServiceMessageCallback basicAuth(String user) {
        return message -> {
            String pair = user + ":" + user + "-secret";
            ((HeadersAwareSenderWebServiceConnection) TransportContextHolder
                    .getTransportContext().getConnection())
                    .addRequestHeader("Authorization", "Basic " + Base64.getEncoder()
                            .encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
        };
    }

    private static Catalog.SearchResult search(WebServiceTemplate t, String user) {
        return ((Catalog.KeywordSearchResponse) t.marshalSendAndReceive(
                new Catalog.KeywordSearch("java", 1), basicAuth(user))).result;
    }

    private static Catalog.Item asin(WebServiceTemplate t, String user) {
        return ((Catalog.AsinSearchResponse) t.marshalSendAndReceive(
                new Catalog.AsinSearch(CatalogServiceImpl.asins().get(0)), basicAuth(user)))
                .result;
    }

    private static List<String> usersThatReached(String operation) {
        return server.requests(ForeignService.CATALOG, operation).stream()
                .map(ReceivedRequest::user).toList();
    }

    @ParameterizedTest
    @EnumSource(Sender.class)
    void twoUsersDifferingOnlyByAnAuthorizationFromACallback_bothReachTheService(Sender sender)
            throws Exception {
        WebServiceTemplate t = template(sender);

        Catalog.SearchResult alice = search(t, "alice");
        Catalog.SearchResult bob = search(t, "bob");

        assertThat(usersThatReached("KeywordSearch")).containsExactly("alice", "bob");
        assertThat(bob).usingRecursiveComparison().isEqualTo(alice);
    }

    @ParameterizedTest
    @EnumSource(Sender.class)
    void theSameUserTwice_hitsWhereTheSenderShowsItsFields_elseIsBypassedWithTheReason(
            Sender sender) throws Exception {
        WebServiceTemplate t = template(sender);
        long hits = cache.stats("KeywordSearch").hits();
        long bypasses = cache.stats("KeywordSearch").bypasses();

        search(t, "alice");
        search(t, "alice");

        if (sender.showsHeaders) {
            assertThat(usersThatReached("KeywordSearch")).containsExactly("alice");
            assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(hits + 1);
            assertThat(cache.stats("KeywordSearch").bypasses()).isEqualTo(bypasses);
        } else {
            assertThat(usersThatReached("KeywordSearch")).containsExactly("alice", "alice");
            assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(hits);
            assertThat(cache.stats("KeywordSearch").bypasses()).isEqualTo(bypasses + 2);
            assertThat(events).filteredOn(e -> e.type() == CacheEvent.Type.BYPASS)
                    .hasSize(2).allSatisfy(e -> {
                        assertThat(e.reason()).contains(Reason.INTEGRATION);
                        assertThat(e.detail()).get().asString()
                                .startsWith("cannot read the HTTP fields this call sends");
                    });
        }
    }

    @ParameterizedTest
    @EnumSource(Sender.class)
    void anOperationSharedAcrossUsers_isOneRequestForTwoUsers_onEverySender(Sender sender)
            throws Exception {
        WebServiceTemplate t = template(sender);

        Catalog.Item alice = asin(t, "alice");
        Catalog.Item bob = asin(t, "bob");

        assertThat(usersThatReached("AsinSearch")).containsExactly("alice");
        assertThat(bob).usingRecursiveComparison().isEqualTo(alice);
        assertThat(events).noneMatch(e -> e.type() == CacheEvent.Type.BYPASS);
    }
}
