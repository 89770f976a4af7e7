package org.metasched.batch;

import org.metasched.model.ResourceRequest;
import org.metasched.registry.Entry;
import org.metasched.registry.Registry;

/**
 * One job of a batch: its request and its own criterion, which the batch-slicer's AEP search optimises (spec 3.6).
 *
 * @param id the user's name for it
 */
public record BatchJob(String id, ResourceRequest request, Criterion criterion) {
    /**
     * A job's own criterion and the AEP strategy that optimises it, registered by short name in {@link #REGISTRY}
     * (resolved where a batch file or a request is read).
     */
    public static final class Criterion extends Entry {
        /** The criteria by name, in the order help texts list them (and generators draw them). */
        public static final Registry<Criterion> REGISTRY = new Registry<>("criterion");

        public static final Criterion START =
                REGISTRY.register(new Criterion("start", "amp", "the earliest start (AMP)"));
        public static final Criterion RUNTIME =
                REGISTRY.register(new Criterion("runtime", "min-runtime", "the shortest runtime"));
        public static final Criterion FINISH =
                REGISTRY.register(new Criterion("finish", "min-finish", "the earliest finish"));
        public static final Criterion COST = REGISTRY.register(new Criterion("cost", "min-cost", "the lowest cost"));

        private final String search;

        private Criterion(String name, String search, String description) {
            super(name, "criterion", description);
            this.search = search;
        }

        /** The registered window search for this criterion. */
        public String search() {
            return search;
        }

        /** The criterion called {@code name} (case-insensitive), or the bad-input error naming the known ones. */
        public static Criterion byName(String name) {
            return REGISTRY.byName(name);
        }
    }
}
