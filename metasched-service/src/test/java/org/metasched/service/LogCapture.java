package org.metasched.service;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.ArrayList;
import java.util.List;

/** Keeps every log line of the test JVM (formatted message and the stack trace's messages), for checks on them. */
public final class LogCapture extends AppenderBase<ILoggingEvent> {
    private static final List<String> LINES = new ArrayList<>();

    @Override
    protected void append(ILoggingEvent e) {
        StringBuilder s = new StringBuilder(e.getLoggerName()).append(' ').append(e.getFormattedMessage());
        for (var t = e.getThrowableProxy(); t != null; t = t.getCause()) {
            s.append(" | ").append(t.getMessage());
        }
        synchronized (LINES) {
            LINES.add(s.toString());
        }
    }

    /** Every line logged so far. */
    public static List<String> lines() {
        synchronized (LINES) {
            return new ArrayList<>(LINES);
        }
    }
}
