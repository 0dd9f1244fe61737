package io.github.wscache.axis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGetCachedPageResponse;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import io.github.wscache.testkit.TestOrigin;
import java.io.ByteArrayOutputStream;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMOutputFormat;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * MTOM responses reach the real Axis2 client from a plain HTTP server (the fixture server has no
 * MTOM switch): the response is an XOP/MTOM multipart message made by Axiom from the fixture's
 * response bean. Such responses are bypassed and counted, never stored.
 */
class MtomTest {
    private static final String URL = "http://www.example.org/mtom.html";

    private TestOrigin http;
    private ConfigurationContext context;
    private byte[] page;

    @BeforeEach
    void start() throws Exception {
        DoGetCachedPageResponse response = GoogleFixtures.cachedPageResponse(URL);
        page = response.get_return().getInputStream().readAllBytes();
        SOAPFactory soap = OMAbstractFactory.getSOAP11Factory();
        SOAPEnvelope env = soap.getDefaultEnvelope();
        env.getBody().addChild(GoogleFixtures.cachedPageResponse(URL)
                .getOMElement(DoGetCachedPageResponse.MY_QNAME, soap));
        OMOutputFormat format = new OMOutputFormat();
        format.setDoOptimize(true);
        format.setSOAP11(true);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        env.serialize(bytes, format, true);
        byte[] body = bytes.toByteArray();
        String contentType = format.getContentType();
        assertThat(contentType).startsWith("multipart/related");

        http = TestOrigin.start();
        http.script("/services/x", TestOrigin.Response.of(200, body)
                .header("Content-Type", contentType));
        context = ConfigurationContextFactory.createConfigurationContextFromFileSystem(null,
                null);
    }

    @AfterEach
    void stop() throws Exception {
        http.close();
        context.terminate();
    }

    @Test
    void mtomResponses_areBypassedAndCounted() throws Exception {
        ResponseCache cache = WsCache.install(context, Policy.parse(
                "operations:\n  - operation: doGetCachedPage\n    ttl: 1h\n", "test.yaml"));
        GoogleSearchServiceStub stub = new GoogleSearchServiceStub(context,
                http.uri("/services/x").toString());

        for (int i = 0; i < 2; i++) {
            byte[] got = stub.doGetCachedPage(GoogleFixtures.cachedPageRequest(URL))
                    .get_return().getInputStream().readAllBytes();
            assertThat(got).isEqualTo(page);
        }

        assertThat(http.count("/services/x")).isEqualTo(2);
        assertThat(cache.stats("doGetCachedPage").stores()).isZero();
        assertThat(cache.stats("doGetCachedPage").bypasses()).isEqualTo(2);
    }
}
