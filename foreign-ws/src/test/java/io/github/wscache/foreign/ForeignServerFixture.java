package io.github.wscache.foreign;

import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the foreign-ws tests share: one server and one client configuration context per test
 * class, the server's counters, authentication and cookies reset before each test.
 */
abstract class ForeignServerFixture {
    static ConfigurationContext client;
    static ForeignServer server;

    @BeforeAll
    static void start() throws Exception {
        client = ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
        server = ForeignServer.start();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        client.terminate();
    }

    @BeforeEach
    void resetServer() {
        server.requireBasicAuth(null);
        server.setSessionCookies(false);
        server.reset();
    }
}
