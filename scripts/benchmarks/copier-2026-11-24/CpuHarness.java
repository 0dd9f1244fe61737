import io.github.wscache.benchmarks.Hit;
import io.github.wscache.benchmarks.Representation;
import io.github.wscache.benchmarks.fixtures.Subject;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.*;

/**
 * Issue 15 supplementary measurement: thread CPU time per copier hit, the cells interleaved in
 * rounds, so that a shared, loaded machine (whose wall-clock JMH error bars overlap) still gives
 * comparable numbers. Run against any benchmarks jar:
 * {@code java -cp tools/benchmarks/target/benchmarks.jar CpuHarness.java}. Not JMH: 60 rounds of
 * 20,000 hits per cell, the first 20 rounds discarded as warm-up; median and quartiles of the
 * per-round means.
 */
public class CpuHarness {
    public static void main(String[] args) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        String[] names = {"ADB AUTO", "ADB REFLECTION", "ADB HAND", "POJO REFLECTION",
            "POJO AUTO", "POJO HAND"};
        Hit[] hits = {
            Representation.AUTO.prepare(Subject.search(10)),
            Representation.REFLECTION.prepare(Subject.search(10)),
            Representation.HAND_COPY.prepare(Subject.search(10)),
            Representation.REFLECTION.prepare(Subject.searchPojo()),
            Representation.AUTO.prepare(Subject.searchPojo()),
            Representation.HAND_COPY.prepare(Subject.searchPojo())};
        int batch = 20000;
        Object sink = null;
        List<List<Double>> samples = new ArrayList<>();
        for (int i = 0; i < hits.length; i++) samples.add(new ArrayList<>());
        for (int round = 0; round < 60; round++) {
            for (int h = 0; h < hits.length; h++) {
                long t0 = mx.getCurrentThreadCpuTime();
                for (int i = 0; i < batch; i++) sink = hits[h].get();
                long t1 = mx.getCurrentThreadCpuTime();
                if (round >= 20) samples.get(h).add((t1 - t0) / (double) batch);
            }
        }
        for (int h = 0; h < hits.length; h++) {
            List<Double> s = samples.get(h);
            Collections.sort(s);
            System.out.printf("%-16s median %7.1f  p25 %7.1f  p75 %7.1f ns cpu/op%n", names[h],
                s.get(s.size() / 2), s.get(s.size() / 4), s.get(3 * s.size() / 4));
        }
        System.out.println(sink == null ? "" : "ratios to the hand copy use the medians");
    }
}
