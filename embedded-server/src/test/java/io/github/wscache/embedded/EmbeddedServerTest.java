package io.github.wscache.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.description.AxisService;
import org.junit.jupiter.api.Test;

class EmbeddedServerTest {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @Test
    void start_onPortZero_servesTheServletThroughTheFilters() throws Exception {
        AtomicInteger filtered = new AtomicInteger();
        Filter counter = (request, response, chain) -> {
            filtered.incrementAndGet();
            chain.doFilter(request, response);
        };
        try (EmbeddedServer server = EmbeddedServer.builder()
                .filter("counter", counter, "/*")
                .servlet("hello", new Hello(), "/hello")
                .start()) {
            assertThat(server.port()).isPositive();
            assertThat(server.url()).isEqualTo(
                    URI.create("http://127.0.0.1:" + server.port() + "/"));
            HttpResponse<String> response = get(server.url().resolve("hello"));
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("hello");
            assertThat(filtered).hasValue(1);
        }
    }

    @Test
    void close_leavesNoServerThreadAndDeletesTheBaseDir() throws Exception {
        EmbeddedServer server = EmbeddedServer.builder()
                .baseDirPrefix("embedded-server-test-")
                .executor("test", "embedded-test-exec-", 4)
                .servlet("hello", new Hello(), "/hello")
                .start();
        Path baseDir = server.baseDir();
        assertThat(baseDir.getFileName().toString()).startsWith("embedded-server-test-");
        assertThat(baseDir).isDirectory();
        assertThat(get(server.url().resolve("hello")).statusCode()).isEqualTo(200);
        assertThat(threadNames()).anyMatch(name -> name.startsWith("embedded-test-exec-"));

        server.close();
        server.close();

        assertThat(Files.exists(baseDir)).isFalse();
        assertThat(threadNames()).noneMatch(name -> name.startsWith("http-nio-")
                || name.startsWith("Catalina") || name.startsWith("embedded-test-exec-"));
    }

    @Test
    void start_failsOnABusyPort_andLeavesNothingBehind() throws Exception {
        ConfigurationContext axis2 = ConfigurationContextFactory
                .createConfigurationContextFromFileSystem(null, null);
        try (EmbeddedServer busy = EmbeddedServer.builder().start()) {
            EmbeddedServer.Builder second = EmbeddedServer.builder()
                    .baseDirPrefix("embedded-server-busy-").port(busy.port())
                    .axis2("/services/*", axis2);
            assertThatThrownBy(second::start)
                    .isInstanceOf(IOException.class)
                    .hasMessage("cannot start tomcat on port " + busy.port());
            Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
            try (var dirs = Files.list(tmp)) {
                assertThat(dirs).noneMatch(dir ->
                        dir.getFileName().toString().startsWith("embedded-server-busy-"));
            }
            assertThat(axis2.getAxisConfiguration()).as("terminated").isNull();
            assertThat(get(busy.url().resolve("nothing")).statusCode()).isEqualTo(404);
        }
    }

    @Test
    void axis2_servesTheServicesOfTheConfigurationInCode() throws Exception {
        ConfigurationContext axis2 = ConfigurationContextFactory
                .createConfigurationContextFromFileSystem(null, null);
        AxisService echo = AxisService.createService(Echo.class.getName(),
                axis2.getAxisConfiguration());
        echo.setName("Echo");
        axis2.getAxisConfiguration().addService(echo);
        try (EmbeddedServer server = EmbeddedServer.builder()
                .axis2("/services/*", axis2)
                .start()) {
            HttpResponse<String> wsdl = get(server.url().resolve("services/Echo?wsdl"));
            assertThat(wsdl.statusCode()).isEqualTo(200);
            assertThat(wsdl.body()).contains("wsdl:definitions").contains("echo");
            HttpResponse<String> soap = CLIENT.send(HttpRequest.newBuilder(
                    server.url().resolve("services/Echo"))
                    .header("Content-Type", "text/xml; charset=UTF-8")
                    .header("SOAPAction", "urn:echo")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "<s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/envelope/'>"
                            + "<s:Body><e:echo xmlns:e='" + echo.getTargetNamespace() + "'>"
                            + "<e:args0>ping</e:args0></e:echo></s:Body></s:Envelope>"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(soap.statusCode()).isEqualTo(200);
            assertThat(soap.body()).contains(">ping<");
        }
    }

    @Test
    void quietErrorPages_hideTheServerVersion() throws Exception {
        try (EmbeddedServer server = EmbeddedServer.builder().quietErrorPages().start()) {
            HttpResponse<String> response = get(server.url().resolve("missing"));
            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(response.body()).doesNotContain("Apache Tomcat");
        }
    }

    @Test
    void builder_rejectsBadOptions() {
        assertThatThrownBy(() -> EmbeddedServer.builder().port(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("port must be in 0..65535: -1");
        assertThatThrownBy(() -> EmbeddedServer.builder().port(65_536))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("port must be in 0..65535: 65536");
        assertThat(EmbeddedServer.checkPort(65_535)).isEqualTo(65_535);
        assertThatThrownBy(() -> EmbeddedServer.checkPort(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("port must be in 0..65535: -1");
        assertThatThrownBy(() -> EmbeddedServer.builder().executor("e", "e-", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("max threads must be positive: 0");
        assertThatThrownBy(() -> EmbeddedServer.builder().executor("a", "a-", 1)
                .executor("b", "b-", 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("executor was already set: a");
        assertThatThrownBy(() -> EmbeddedServer.builder().inMemorySessions(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("session timeout must be positive: 0");
    }

    private static HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(uri).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static java.util.List<String> threadNames() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
                .map(Thread::getName).toList();
    }

    /** Answers {@code hello}. */
    static final class Hello extends HttpServlet {
        private static final long serialVersionUID = 1L;

        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response)
                throws IOException {
            response.setContentType("text/plain");
            response.getWriter().write("hello");
        }
    }

    /** A POJO service. */
    public static final class Echo {
        /** Returns its argument. */
        public String echo(String text) {
            return text;
        }
    }
}
