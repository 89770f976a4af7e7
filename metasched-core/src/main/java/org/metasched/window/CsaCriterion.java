package org.metasched.window;

import java.util.Locale;
import org.metasched.model.InputFormatException;
import org.metasched.model.Window;

/** Which of CSA's alternatives is returned: the one with the smallest value of this (spec 3.2.3). */
public enum CsaCriterion {
    START("start"),
    FINISH("finish"),
    COST("cost"),
    RUNTIME("runtime"),
    PROC_TIME("proc-time");

    private final String shortName;

    CsaCriterion(String shortName) {
        this.shortName = shortName;
    }

    public String shortName() {
        return shortName;
    }

    public double of(Window w) {
        return switch (this) {
            case START -> w.start();
            case FINISH -> w.finish();
            case COST -> w.cost();
            case RUNTIME -> w.runtime();
            case PROC_TIME -> w.processorTime();
            default -> throw new AssertionError(this);
        };
    }

    /** Parses {@code start|finish|cost|runtime|proc-time}. */
    public static CsaCriterion parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (CsaCriterion c : values()) {
            if (c.shortName.equals(t)) {
                return c;
            }
        }
        throw new InputFormatException(
                "unknown CSA criterion '" + text + "', expected one of start, finish, cost, runtime, proc-time");
    }
}
