package io.github.wscache.portal;

import io.github.wscache.axis.CachingStubs;
import io.github.wscache.axis.WsCache;
import io.github.wscache.core.CacheOutcome;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.stub.GoogleSearchFault;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import java.io.IOException;
import java.io.InputStream;
import java.rmi.RemoteException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;

/**
 * The portal's client of the Google back-end: one caching stub per thread (Axis2 stubs are not
 * meant to be shared between threads), all on the one shared client
 * {@link ConfigurationContext} into which the message-level cache is installed.
 *
 * <p>Each stub is a {@link CachingStubs} subclass of the generated packed stub: when an
 * operation's policy asks for an application-object representation it answers hits itself; for
 * {@code events}/{@code xml} it hands the call to the stub, where the caching transport sender
 * answers; for uncached operations every call goes to the back-end.
 */
final class Backend {
    private final CachingStubs stubs;
    private final ConfigurationContext context;
    private final String endpoint;
    private final List<GoogleSearchServiceStub> all = new CopyOnWriteArrayList<>();
    private final ThreadLocal<GoogleSearchServiceStub> perThread;
    private final Telemetry telemetry;

    Backend(CachingStubs stubs, ConfigurationContext context, String endpoint,
            Telemetry telemetry) {
        this.stubs = stubs;
        this.context = context;
        this.endpoint = endpoint;
        this.telemetry = telemetry;
        this.perThread = ThreadLocal.withInitial(this::newStub);
    }

    private GoogleSearchServiceStub newStub() {
        try {
            GoogleSearchServiceStub stub =
                    stubs.subclass(GoogleSearchServiceStub.class, context, endpoint);
            stub._getServiceClient().getOptions().setTimeOutInMilliSeconds(30_000);
            all.add(stub);
            return stub;
        } catch (AxisFault e) {
            throw new IllegalStateException("cannot create the back-end stub for " + endpoint, e);
        }
    }

    /** What the cache did with this thread's last back-end call (a hit, a miss, ...). */
    Optional<CacheOutcome> lastOutcome() {
        return WsCache.lastOutcome(perThread.get()._getServiceClient());
    }

    String endpoint() {
        return endpoint;
    }

    GoogleSearchServiceStub.GoogleSearchResult search(String q)
            throws RemoteException, GoogleSearchFault {
        return telemetry.<GoogleSearchServiceStub.GoogleSearchResult, RemoteException,
                GoogleSearchFault>time("doGoogleSearch", () -> perThread.get()
                .doGoogleSearch(GoogleFixtures.searchRequest(q)).get_return(), this::lastOutcome);
    }

    String spelling(String phrase) throws RemoteException {
        return telemetry.time("doSpellingSuggestion", () -> perThread.get()
                .doSpellingSuggestion(GoogleFixtures.spellingRequest(phrase)).get_return(),
                this::lastOutcome);
    }

    byte[] cachedPage(String url) throws IOException {
        GoogleSearchServiceStub.DoGetCachedPageResponse r = telemetry.time("doGetCachedPage",
                () -> perThread.get().doGetCachedPage(GoogleFixtures.cachedPageRequest(url)),
                this::lastOutcome);
        if (r.get_return() == null) {
            return new byte[0];
        }
        try (InputStream in = r.get_return().getInputStream()) {
            return in.readAllBytes();
        }
    }

    void close() {
        for (GoogleSearchServiceStub s : all) {
            try {
                s.cleanup();
            } catch (AxisFault e) {
                // closing anyway
            }
        }
        all.clear();
    }
}
