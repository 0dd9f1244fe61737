package io.github.wscache.spring.ws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.foreign.ForeignServer;
import io.github.wscache.foreign.ForeignService;
import io.github.wscache.testkit.Gate;
import jakarta.xml.soap.SOAPElement;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPHeader;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
import org.springframework.ws.client.WebServiceTransportException;
import org.springframework.ws.client.core.WebServiceMessageCallback;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.client.support.interceptor.ClientInterceptor;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.soap.client.SoapFaultClientException;
import org.springframework.ws.soap.saaj.SaajSoapMessage;
import org.springframework.ws.transport.http.ClientHttpRequestMessageSender;

/**
 * A Boot application with the starter whose {@code WebServiceTemplate}s, built from Boot's
 * builder with a {@code Jaxb2Marshaller}, call the foreign-ws CatalogService (Axis2 on Tomcat,
 * WSDL in the ASP.NET style nobody here chose); every assertion counts the requests that reached
 * it.
 */
@SpringBootTest(classes = WebServiceTemplateCachingTest.App.class,
        webEnvironment = WebEnvironment.RANDOM_PORT)
@DirtiesContext
class WebServiceTemplateCachingTest {
    @TempDir
    static Path dir;
    static ForeignServer server;

    @Autowired
    WebServiceTemplateBuilder builder;
    @Autowired
    ResponseCache cache;

    /** Boot's auto-configuration and nothing else. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
    }

    @BeforeAll
    static void start() throws IOException {
        server = ForeignServer.start(0);
        String endpoint = server.endpoint(ForeignService.CATALOG);
        Files.writeString(dir.resolve("wscache.yaml"), "operations:\n"
                + "  - endpoint: '" + endpoint + "'\n    operation: KeywordSearch\n"
                + "    ttl: 60s\n    value: events\n"
                + "  - endpoint: '" + endpoint + "'\n    operation: AsinSearch\n"
                + "    ttl: 60s\n    value: bytes\n");
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
    }

    @AfterEach
    void open() {
        server.beforeService(null);
    }

    private static Jaxb2Marshaller marshaller() {
        Jaxb2Marshaller m = new Jaxb2Marshaller();
        m.setClassesToBeBound(Catalog.KeywordSearch.class, Catalog.KeywordSearchResponse.class,
                Catalog.AsinSearch.class, Catalog.AsinSearchResponse.class);
        try {
            m.afterPropertiesSet();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return m;
    }

    private WebServiceTemplate template(ClientInterceptor... before) {
        Jaxb2Marshaller m = marshaller();
        return builder.setMarshaller(m).setUnmarshaller(m).additionalInterceptors(before)
                .setDefaultUri(server.endpoint(ForeignService.CATALOG)).build();
    }

    private static Catalog.SearchResult search(WebServiceTemplate t, String words) {
        return search(t, words, null);
    }

    private static Catalog.SearchResult search(WebServiceTemplate t, String words,
            WebServiceMessageCallback callback) {
        Catalog.KeywordSearchResponse r = (Catalog.KeywordSearchResponse) (callback == null
                ? t.marshalSendAndReceive(new Catalog.KeywordSearch(words, 1))
                : t.marshalSendAndReceive(new Catalog.KeywordSearch(words, 1), callback));
        return r.result;
    }

    private static long searches() {
        return server.count(ForeignService.CATALOG, "KeywordSearch");
    }

    /** Records the class of every response the template hands to its interceptors. */
    static class Responses implements ClientInterceptor {
        final List<String> types = new ArrayList<>();

        @Override
        public boolean handleRequest(MessageContext context) {
            return true;
        }

        @Override
        public boolean handleResponse(MessageContext context) {
            types.add(context.getResponse().getClass().getSimpleName());
            return true;
        }

        @Override
        public boolean handleFault(MessageContext context) {
            return true;
        }

        @Override
        public void afterCompletion(MessageContext context, Exception ex) {
        }
    }

    @Test
    void aTemplateFromBootsBuilder_answersTheSecondEqualCallFromTheCache() {
        Responses seen = new Responses();
        WebServiceTemplate t = template(seen);
        long hits = cache.stats("KeywordSearch").hits();

        Catalog.SearchResult first = search(t, "java");
        Catalog.SearchResult second = search(t, "java");

        assertThat(searches()).isEqualTo(1);
        assertThat(first.totalResults).isPositive();
        assertThat(second).isNotSameAs(first).usingRecursiveComparison().isEqualTo(first);
        assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(hits + 1);
        // value: events — the hit's payload is replayed into the unmarshaller, not parsed
        assertThat(seen.types).containsExactly("SaajSoapMessage", "ReplayedMessage");
    }

    @Test
    void whatACallerChangesInItsAnswer_isNotWhatTheNextCallerGets() {
        WebServiceTemplate t = template();
        Catalog.SearchResult first = search(t, "java");
        Catalog.SearchResult second = search(t, "java");
        String title = second.items.item.get(0).title;

        second.items.item.get(0).title = "changed by a caller";
        second.items.item.clear();

        Catalog.SearchResult third = search(t, "java");
        assertThat(third.items.item).hasSameSizeAs(first.items.item);
        assertThat(third.items.item.get(0).title).isEqualTo(title);
        assertThat(searches()).isEqualTo(1);
    }

    @Test
    void bytes_areMadeAMessageAgainByTheTemplatesFactory() {
        Responses seen = new Responses();
        WebServiceTemplate t = template(seen);
        String asin = firstAsin(t);
        server.reset();
        seen.types.clear();

        Catalog.Item a = ((Catalog.AsinSearchResponse) t.marshalSendAndReceive(
                new Catalog.AsinSearch(asin))).result;
        Catalog.Item b = ((Catalog.AsinSearchResponse) t.marshalSendAndReceive(
                new Catalog.AsinSearch(asin))).result;

        assertThat(server.count(ForeignService.CATALOG, "AsinSearch")).isEqualTo(1);
        assertThat(b).usingRecursiveComparison().isEqualTo(a);
        assertThat(seen.types).containsExactly("SaajSoapMessage", "SaajSoapMessage");
    }

    private static String firstAsin(WebServiceTemplate t) {
        return search(t, "java").items.item.get(0).asin;
    }

    @Test
    void sourceAndResultCalls_areCachedToo() {
        WebServiceTemplate t = template();
        String request = "<KeywordSearch xmlns='" + Catalog.NS + "'><Keywords>web</Keywords>"
                + "<Page>1</Page></KeywordSearch>";
        StringWriter first = new StringWriter();
        StringWriter second = new StringWriter();

        t.sendSourceAndReceiveToResult(new StreamSource(new StringReader(request)),
                new StreamResult(first));
        t.sendSourceAndReceiveToResult(new StreamSource(new StringReader(request)),
                new StreamResult(second));

        assertThat(searches()).isEqualTo(1);
        assertThat(second.toString()).contains("KeywordSearchResult")
                .isEqualTo(first.toString());
    }

    @Test
    void aSoapFault_isNeverStored_andThrowsWhatItThrowsWithoutTheCache() {
        WebServiceTemplate cached = template();
        Jaxb2Marshaller m = marshaller();
        WebServiceTemplate plain = new WebServiceTemplate(m);
        plain.setDefaultUri(server.endpoint(ForeignService.CATALOG));

        long stores = cache.stats("AsinSearch").stores();
        Throwable without = catchThrowable(() -> plain.marshalSendAndReceive(
                new Catalog.AsinSearch("no-such-asin")));
        Throwable first = catchThrowable(() -> cached.marshalSendAndReceive(
                new Catalog.AsinSearch("no-such-asin")));
        Throwable second = catchThrowable(() -> cached.marshalSendAndReceive(
                new Catalog.AsinSearch("no-such-asin")));

        assertThat(without).isInstanceOf(SoapFaultClientException.class);
        assertThat(first).hasSameClassAs(without).hasMessage(without.getMessage());
        assertThat(second).hasSameClassAs(without);
        assertThat(server.count(ForeignService.CATALOG, "AsinSearch")).isEqualTo(3);
        assertThat(cache.stats("AsinSearch").stores()).isEqualTo(stores);
    }

    @Test
    void anHttpError_throwsWhatItThrowsWithoutTheCache() {
        String nowhere = "http://127.0.0.1:" + server.port() + "/no-such-path";
        Jaxb2Marshaller m = marshaller();
        WebServiceTemplate plain = new WebServiceTemplate(m);
        WebServiceTemplate cached = builder.setMarshaller(m).setUnmarshaller(m).build();

        Throwable without = catchThrowable(() -> plain.marshalSendAndReceive(nowhere,
                new Catalog.KeywordSearch("java", 1)));
        Throwable with = catchThrowable(() -> cached.marshalSendAndReceive(nowhere,
                new Catalog.KeywordSearch("java", 1)));

        assertThat(without).isInstanceOf(WebServiceTransportException.class);
        assertThat(with).hasSameClassAs(without).hasMessage(without.getMessage());
    }

    @Test
    void anOperationThePolicyDoesNotCache_reachesTheServiceEveryTime() {
        WebServiceTemplate t = template();
        String request = "<GetItem xmlns='" + Catalog.NS + "'><ItemIds><string>" + firstAsin(t)
                + "</string></ItemIds></GetItem>";
        server.reset();

        for (int i = 0; i < 2; i++) {
            t.sendSourceAndReceiveToResult(new StreamSource(new StringReader(request)),
                    new StreamResult(new StringWriter()));
        }

        assertThat(server.count(ForeignService.CATALOG, "GetItem")).isEqualTo(2);
    }

    /** Counts the callers that reached the template's interceptor chain. */
    private static ClientInterceptor arrivals(CountDownLatch arrived) {
        return new Responses() {
            @Override
            public boolean handleRequest(MessageContext context) {
                arrived.countDown();
                return true;
            }
        };
    }

    @Test
    void concurrentMisses_makeOneRequest() throws Exception {
        int threads = 12;
        CountDownLatch arrived = new CountDownLatch(threads);
        Gate service = new Gate();
        server.beforeService(service::passUninterruptibly);
        WebServiceTemplate t = template(arrivals(arrived));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Catalog.SearchResult>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                results.add(pool.submit(() -> search(t, "java")));
            }
            service.awaitEntered(1);
            assertThat(arrived.await(30, TimeUnit.SECONDS)).isTrue();
            service.release();
            Catalog.SearchResult first = results.get(0).get(30, TimeUnit.SECONDS);
            for (Future<Catalog.SearchResult> f : results) {
                assertThat(f.get(30, TimeUnit.SECONDS)).usingRecursiveComparison()
                        .isEqualTo(first);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(searches()).isEqualTo(1);
    }

    /** Adds a WS-Security UsernameToken for {@code user} to the request. */
    private static WebServiceMessageCallback usernameToken(String user) {
        return message -> {
            try {
                SOAPHeader header = ((SaajSoapMessage) message).getSaajMessage().getSOAPHeader();
                String wsse = "http://docs.oasis-open.org/wss/2004/01/"
                        + "oasis-200401-wss-wssecurity-secext-1.0.xsd";
                SOAPElement token = header.addChildElement("Security", "wsse", wsse)
                        .addChildElement("UsernameToken", "wsse");
                token.addChildElement("Username", "wsse").addTextNode(user);
                token.addChildElement("Password", "wsse").addTextNode(user + "-secret");
            } catch (SOAPException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    @Test
    void twoUsersOnSixteenThreads_makeOneRequestEach() throws Exception {
        int threads = 16;
        CountDownLatch arrived = new CountDownLatch(threads);
        Gate service = new Gate();
        server.beforeService(service::passUninterruptibly);
        WebServiceTemplate t = template(arrivals(arrived));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        Map<String, Integer> perUser = new ConcurrentHashMap<>();
        try {
            List<Future<?>> calls = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                String user = i % 2 == 0 ? "alice" : "bob";
                calls.add(pool.submit(() -> {
                    perUser.merge(user, search(t, "java", usernameToken(user)).totalResults,
                            Integer::sum);
                    return null;
                }));
            }
            service.awaitEntered(2);
            assertThat(arrived.await(30, TimeUnit.SECONDS)).isTrue();
            service.release();
            for (Future<?> f : calls) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(searches()).isEqualTo(2);
        assertThat(server.requests(ForeignService.CATALOG, "KeywordSearch"))
                .extracting(r -> r.body().contains("alice"))
                .containsExactlyInAnyOrder(true, false);
    }

    @Test
    void twoTemplatesWithClientsOfTheirOwn_shareNothing_unlessACallerIdentitySaysWhoCalls() {
        WebServiceTemplate a = hand(null);
        WebServiceTemplate b = hand(null);
        search(a, "java");
        search(b, "java");
        assertThat(searches()).isEqualTo(2);

        CallerIdentity account = context -> "service-account";
        WebServiceTemplate c = hand(account);
        WebServiceTemplate d = hand(account);
        search(c, "java");
        search(d, "java");
        assertThat(searches()).isEqualTo(3);
    }

    /** A template made by hand on a JDK HttpClient (whose credentials the cache cannot see). */
    private WebServiceTemplate hand(CallerIdentity identity) {
        Jaxb2Marshaller m = marshaller();
        WebServiceTemplate t = new WebServiceTemplate(m);
        t.setMessageSender(new ClientHttpRequestMessageSender(new JdkClientHttpRequestFactory()));
        t.setDefaultUri(server.endpoint(ForeignService.CATALOG));
        return WsCacheInterceptor.install(t, cache, identity);
    }

    @Test
    void installingTwice_addsOneInterceptor() {
        WebServiceTemplate t = template();
        WsCacheInterceptor.install(t, cache);

        assertThat(t.getInterceptors()).filteredOn(i -> i instanceof WsCacheInterceptor)
                .hasSize(1);
        assertThatThrownBy(() -> WsCacheInterceptor.install(null, cache))
                .isInstanceOf(NullPointerException.class).hasMessage("template");
    }
}
