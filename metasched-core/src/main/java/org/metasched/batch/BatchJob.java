package org.metasched.batch;

import java.util.Locale;
import org.metasched.model.InputFormatException;
import org.metasched.model.ResourceRequest;

/**
 * One job of a batch: its request and its own criterion, which the batch-slicer's AEP search optimises (spec 3.6).
 *
 * @param id the user's name for it
 */
public record BatchJob(String id, ResourceRequest request, Criterion criterion) {
    /** A job's own criterion and the AEP strategy that optimises it. */
    public enum Criterion {
        START("amp"),
        RUNTIME("min-runtime"),
        FINISH("min-finish"),
        COST("min-cost");

        private final String search;

        Criterion(String search) {
            this.search = search;
        }

        /** The registered window search for this criterion. */
        public String search() {
            return search;
        }

        public String shortName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The criterion called {@code name} (case-insensitive), or the bad-input error. */
        public static Criterion parse(String name, String where) {
            for (Criterion c : values()) {
                if (c.shortName().equalsIgnoreCase(name)) {
                    return c;
                }
            }
            throw new InputFormatException(
                    where + ": unknown criterion '" + name + "', expected start, runtime," + " finish or cost");
        }
    }
}
