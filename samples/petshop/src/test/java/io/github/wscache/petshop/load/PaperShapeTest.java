package io.github.wscache.petshop.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The qualitative results of the paper (§7.1.1) at a 200 ms WAN: F0 never answers faster than a
 * round trip; Fdb answers cacheable (A) and database-free (C) requests at the edge, and pays for
 * the database in class B; Fremoting answers cacheable requests at the edge too (cache-axis) and
 * beats F0 overall; Fproxy answers much of class A at the edge but goes to the origin for class
 * C, and beats F0 overall. About two minutes: run with {@code -Pslow}.
 */
@Tag("slow")
class PaperShapeTest {

    @Test
    void at200ms_f0PaysARoundTripPerAction_fdbOnlyForTheDatabase() throws Exception {
        PetShopLoad.Plan plan = new PetShopLoad.Plan(PetShopLoad.Plan.ALL, 200, List.of(5),
                List.of(), 15_000, 15_000, 50, 0, null);
        List<RunResult> runs = PetShopLoad.run(plan, Path.of("target", "slow-results"), true);
        RunResult f0 = runs.get(0);
        RunResult fdb = runs.get(1);
        assertThat(f0.errors()).isZero();
        assertThat(fdb.errors()).isZero();
        for (RequestClass c : RequestClass.values()) {
            assertThat(f0.byClass(c).mean()).as("F0 class %s", c).isGreaterThan(195);
        }
        assertThat(fdb.classA().mean()).as("Fdb class A").isLessThan(60);
        assertThat(fdb.classC().mean()).as("Fdb class C").isLessThan(30);
        assertThat(fdb.classB().mean()).as("Fdb class B").isBetween(150.0, 700.0);
        assertThat(fdb.all().mean()).isLessThan(f0.all().mean() / 2);
        assertThat(fdb.originCpuMillis()).isLessThan(f0.originCpuMillis());
        RunResult fremoting = runs.get(2);
        assertThat(fremoting.errors()).isZero();
        assertThat(fremoting.classA().mean()).as("Fremoting class A").isLessThan(60);
        assertThat(fremoting.all().mean()).isLessThan(f0.all().mean() / 2);
        RunResult fproxy = runs.get(3);
        assertThat(fproxy.errors()).isZero();
        assertThat(fproxy.classA().mean()).as("Fproxy class A").isLessThan(f0.classA().mean());
        assertThat(fproxy.classC().mean()).as("Fproxy class C goes to the origin")
                .isGreaterThan(150);
        assertThat(fproxy.filteredShare()).as("filtered at the edge").isGreaterThan(0.3);
        assertThat(fproxy.all().mean()).isLessThan(f0.all().mean());
    }
}
