package io.github.wscache.petshop;

import io.github.wscache.petshop.load.UserAgent;
import java.util.Map;

/** Small deployments and helpers shared by the tests. */
public final class Fixtures {

    private Fixtures() {
    }

    /** Options for a test deployment: few seeded load accounts, small pools. */
    public static Deployment.Options options(Deployment.Kind kind, long rttMillis) {
        return new Deployment.Options(kind, 0, rttMillis, false, 10_000, 30, 0, 40, 60, 0, 0);
    }

    /** Signs {@code agent} in as {@code user} with the seed password. */
    public static UserAgent.Page signIn(UserAgent agent, String user) throws Exception {
        agent.get("/signin");
        return agent.post("/session", Map.of("username", user, "password", "petshop"));
    }

    /** The checkout form values the tests post. */
    public static Map<String, String> checkoutForm() {
        return Map.of("shipToName", "Test Buyer", "address", "1 Test Way", "city", "Testville",
                "state", "TS", "zip", "12345", "country", "USA", "cardType", "Visa",
                "cardNumber", "4111 1111 1111 1111", "expiry", "12/29");
    }
}
