package io.github.wscache.jaxws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.jaxws.test.google.GoogleSearchPort;
import io.github.wscache.jaxws.test.google.GoogleSearchService;
import io.github.wscache.testkit.TestOrigin;
import jakarta.xml.ws.BindingProvider;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An MTOM response (XOP: the page's bytes in a MIME part of their own, as a service with MTOM
 * on sends {@code base64Binary}) reaches the JAX-WS client intact through the cache's handler,
 * every time, and is never stored: the handler sees it as a SAAJ message with attachments.
 */
class MtomTest {
    private static final String BOUNDARY = "uuid:4a6f-mtom-boundary";
    private static final byte[] PAGE = "<html><body>a cached page, not base64</body></html>"
            .getBytes(StandardCharsets.UTF_8);

    private TestOrigin service;

    @BeforeEach
    void start() throws Exception {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(("--" + BOUNDARY + "\r\n"
                + "Content-Type: application/xop+xml; charset=UTF-8; type=\"text/xml\"\r\n"
                + "Content-Transfer-Encoding: binary\r\n"
                + "Content-ID: <root.message@wscache.test>\r\n\r\n"
                + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soapenv:Body><g:doGetCachedPageResponse xmlns:g=\"urn:wscache:google\">"
                + "<g:return><xop:Include xmlns:xop=\"http://www.w3.org/2004/08/xop/include\" "
                + "href=\"cid:page@wscache.test\"/></g:return></g:doGetCachedPageResponse>"
                + "</soapenv:Body></soapenv:Envelope>\r\n"
                + "--" + BOUNDARY + "\r\n"
                + "Content-Type: application/octet-stream\r\n"
                + "Content-Transfer-Encoding: binary\r\n"
                + "Content-ID: <page@wscache.test>\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        body.write(PAGE);
        body.write(("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        service = TestOrigin.start();
        service.script("/services/mtom", TestOrigin.Response.of(200, body.toByteArray())
                .header("Content-Type", "multipart/related; type=\"application/xop+xml\"; "
                        + "boundary=\"" + BOUNDARY + "\"; start=\"<root.message@wscache.test>\"; "
                        + "start-info=\"text/xml\""));
    }

    @AfterEach
    void stop() {
        service.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"xml", "events"})
    void anMtomResponse_isPassedThroughIntact_andNeverStored(String value) {
        ResponseCache cache = ResponseCache.builder().policy(Policy.parse("operations:\n"
                + "  - service: GoogleSearchService\n    operation: doGetCachedPage\n"
                + "    ttl: 1h\n    value: " + value + "\n", "wscache.yaml")).build();
        GoogleSearchPort port = WsCacheJaxWs.install(
                new GoogleSearchService().getGoogleSearchSoap11Port(), cache);
        ((BindingProvider) port).getRequestContext().put(
                BindingProvider.ENDPOINT_ADDRESS_PROPERTY, service.uri("/services/mtom")
                        .toString());

        for (int i = 0; i < 2; i++) {
            assertThat(port.doGetCachedPage("key", "http://www.example.org/")).isEqualTo(PAGE);
        }

        assertThat(service.count("/services/mtom")).isEqualTo(2);
        assertThat(cache.stats("doGetCachedPage").stores()).isZero();
        assertThat(cache.stats().errors()).isZero();
    }
}
