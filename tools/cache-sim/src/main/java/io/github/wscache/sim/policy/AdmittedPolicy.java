package io.github.wscache.sim.policy;

import io.github.wscache.sim.admission.Admission;
import java.util.function.LongConsumer;

/**
 * Any inspectable policy behind an {@link Admission}: a miss is counted by the admission, and the
 * document is offered to the policy only if the admission lets it through. Everything else is
 * the policy's.
 */
final class AdmittedPolicy extends InspectablePolicy {
    private final InspectablePolicy policy;
    private final Admission admission;

    AdmittedPolicy(InspectablePolicy policy, Admission admission) {
        super(policy.capacity);
        this.policy = policy;
        this.admission = admission;
    }

    @Override
    public boolean hit(long key, long nowMicros) {
        return policy.hit(key, nowMicros);
    }

    @Override
    public void admit(long key, int size, int cost, long nowMicros) {
        if (!policy.contains(key) && admission.admit(key, size)) {
            policy.admit(key, size, cost, nowMicros);
        }
    }

    @Override
    public boolean contains(long key) {
        return policy.contains(key);
    }

    @Override
    public boolean remove(long key) {
        return policy.remove(key);
    }

    @Override
    public long weightedSize() {
        return policy.weightedSize();
    }

    @Override
    public void forEachKey(LongConsumer action) {
        policy.forEachKey(action);
    }
}
