package io.github.wscache.portal;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * Holds back what Tomcat logs ({@code java.util.logging}, {@code org.apache.*}) while the demo
 * starts: a start that works passes it on as usual; a start that fails has its one line, and
 * Tomcat's records (a port in use is a SEVERE with a 30-line trace) go to the demo's SLF4J
 * logger at DEBUG only. Not thread-safe: {@link #hold()}, then one of {@link #release()} or
 * {@link #drop(org.slf4j.Logger)}.
 *
 * <pre>{@code
 * StartLog held = StartLog.hold();
 * try {
 *     demo = start(...);
 *     held.release();
 * } catch (IOException e) {
 *     held.drop(LOG);
 *     System.err.println(failure(e));
 * }
 * }</pre>
 */
final class StartLog extends Handler {
    /** Held so that the logger and its settings are not collected while the handler is on. */
    private final Logger apache = Logger.getLogger("org.apache");
    private final boolean useParentHandlers;
    private final List<LogRecord> records = new ArrayList<>();

    private StartLog() {
        this.useParentHandlers = apache.getUseParentHandlers();
    }

    /** Starts holding back Tomcat's records. */
    static StartLog hold() {
        StartLog held = new StartLog();
        held.apache.addHandler(held);
        held.apache.setUseParentHandlers(false);
        return held;
    }

    @Override
    public synchronized void publish(LogRecord r) {
        if (isLoggable(r)) {
            records.add(r);
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }

    private synchronized List<LogRecord> stop() {
        apache.removeHandler(this);
        apache.setUseParentHandlers(useParentHandlers);
        List<LogRecord> held = List.copyOf(records);
        records.clear();
        return held;
    }

    /** The start worked: logs what was held, as it would have been. */
    void release() {
        for (LogRecord r : stop()) {
            Logger.getLogger(r.getLoggerName()).log(r);
        }
    }

    /** The start failed: what was held goes to {@code log} at DEBUG, or nowhere. */
    void drop(org.slf4j.Logger log) {
        List<LogRecord> held = stop();
        if (!log.isDebugEnabled()) {
            return;
        }
        SimpleFormatter text = new SimpleFormatter();
        for (LogRecord r : held) {
            log.debug("{} {}: {}", r.getLevel(), r.getLoggerName(), text.formatMessage(r),
                    r.getThrown());
        }
    }
}
