package io.github.wscache.spring;

import io.github.wscache.core.policy.PolicyException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a wrong wscache policy at start-up into Boot's failure report: what is wrong and where
 * ({@code file:line:column}), and what to change.
 */
class PolicyFailureAnalyzer extends AbstractFailureAnalyzer<PolicyException> {
    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, PolicyException cause) {
        return new FailureAnalysis("The wscache policy cannot be used: " + cause.getMessage(),
                "Correct the policy at the place named above, or point wscache.policy at another"
                        + " resource (wscache.enabled=false turns wscache off).", cause);
    }
}
