package io.github.wscache.edge.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.TestOrigin;
import io.github.wscache.varnish.VarnishProcess;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The same conformance table against Varnish 7.1 (its default VCL plus the ESI switch of
 * {@link VarnishProcess#vcl}) and against wscache-edge, scored per section: a comparison, so
 * Varnish's failures never fail the build; the edge's do (in {@link EdgeConformanceTest}), and
 * here the edge must be ahead in total and pass every MUST case that Varnish passes. Varnish
 * runs on real time (time-based cases sleep 1 to 4 s), its cases in parallel on separate paths.
 * Writes {@code target/edge-conformance/comparison.json} and {@code comparison.md}, the numbers
 * of the site page {@code edge-conformance.md}. Needs {@code varnishd}, as
 * {@code VarnishParityTest} does.
 */
class VarnishConformanceTest {
    @Test
    void edgeIsAheadOfVarnish_andPassesEveryMustCaseVarnishPasses() throws Exception {
        List<ConformanceCase> cases = ConformanceCases.all();
        List<ConformanceRunner.Result> ours = ConformanceReport.runEdge(cases);
        List<ConformanceRunner.Result> varnish = runVarnish(cases);
        ConformanceReport.write("comparison", ours, varnish);

        long oursPassed = ours.stream().filter(ConformanceRunner.Result::passed).count();
        long varnishPassed = varnish.stream().filter(ConformanceRunner.Result::passed).count();
        System.out.println("conformance table: wscache-edge " + oursPassed + ", Varnish "
                + varnishPassed + " of " + cases.size());
        assertThat(oursPassed).isGreaterThan(varnishPassed);
        List<String> mustGaps = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            if (cases.get(i).level == ConformanceCase.Level.MUST && varnish.get(i).passed()
                    && !ours.get(i).passed()) {
                mustGaps.add(cases.get(i).id());
            }
        }
        assertThat(mustGaps).as("MUST cases Varnish passes and wscache-edge fails").isEmpty();
    }

    private static List<ConformanceRunner.Result> runVarnish(List<ConformanceCase> cases)
            throws InterruptedException, ExecutionException {
        try (TestOrigin origin = TestOrigin.start();
                VarnishProcess varnish = VarnishProcess.start("127.0.0.1", origin.port())) {
            ConformanceRunner.Target t = new ConformanceRunner.Target() {
                @Override
                public URI base() {
                    return varnish.uri();
                }

                @Override
                public void advance(int seconds) {
                    try {
                        // real clock: Varnish takes no clock; its time passes only as ours does
                        Thread.sleep(seconds * 1000L + 100);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }

                @Override
                public void awaitStored(String path, int count) throws InterruptedException {
                    // real clock: Varnish tells no one it stored a background fetch; 300 ms
                    Thread.sleep(300);
                }
            };
            ExecutorService pool = Executors.newFixedThreadPool(12);
            try {
                List<Future<ConformanceRunner.Result>> fs = new ArrayList<>();
                for (int i = 0; i < cases.size(); i++) {
                    ConformanceCase c = cases.get(i);
                    String prefix = "/v" + i;
                    fs.add(pool.submit(() -> ConformanceRunner.run(c, prefix, t, origin)));
                }
                List<ConformanceRunner.Result> out = new ArrayList<>();
                for (Future<ConformanceRunner.Result> f : fs) {
                    out.add(f.get());
                }
                return out;
            } finally {
                pool.shutdownNow();
            }
        }
    }
}
