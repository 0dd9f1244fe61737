package io.github.wscache.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The demo's command line, with {@code --backend} for a node of a farm. */
class PortalDemoArgsTest {

    @Test
    void withoutBackend_theDemoStartsItsOwn() {
        String[] args = {"--port", "9090", "--backend-port", "9091", "--delay-ms", "5",
            "--policy", "p.yaml"};
        PortalDemo.Args a = PortalDemo.Args.parse(args);

        assertThat(a.port()).isEqualTo(9090);
        assertThat(a.backendPort()).isEqualTo(9091);
        assertThat(a.delayMs()).isEqualTo(5);
        assertThat(a.policy()).isEqualTo(Path.of("p.yaml"));
        assertThat(a.backend()).isNull();
    }

    @Test
    void backend_namesAnExternalEndpoint() {
        String[] args = {"--backend", "http://127.0.0.1:8081/axis2/services/GoogleSearchService"};
        PortalDemo.Args a = PortalDemo.Args.parse(args);

        assertThat(a.backend()).isEqualTo(
                "http://127.0.0.1:8081/axis2/services/GoogleSearchService");
        assertThatThrownBy(() -> PortalDemo.Args.parse(new String[] {"--backend", "8081"}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--backend takes the back-end's SOAP endpoint, http://host:port/...:"
                        + " 8081");
    }
}
