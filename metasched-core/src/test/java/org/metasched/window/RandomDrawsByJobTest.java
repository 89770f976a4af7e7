package org.metasched.window;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.metasched.flow.window.WindowBackfilling;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.timeline.ResourceDomain;
import org.metasched.timeline.SlotList;

/**
 * The random strategy ({@code min-proc-time}) draws from a stream keyed by the search's seed and the job, not
 * from one stream every call restarts or shares: the same job gets the same window whatever was searched before,
 * a standalone call is job key 0, and a flow keys each job by its queue position.
 */
class RandomDrawsByJobTest {
    private static final WindowSearches.Options SEED_3 = WindowSearches.DEFAULTS.withSeed(3);

    @Test
    void aJobsWindowDependsOnItsKeyNotOnTheSearchesBefore() {
        SplittableRandom rnd = new SplittableRandom(21);
        int differing = 0;
        int found = 0;
        for (int trial = 0; trial < 200; trial++) {
            RandomInstances.Instance inst = RandomInstances.next(rnd, 6, 20, 3);
            SlotList slots = inst.domain().slots();
            ResourceRequest req = inst.request().withBudget(Double.POSITIVE_INFINITY);
            WindowSearch search = WindowSearches.create("min-proc-time", SEED_3);
            List<Optional<Window>> forward = new ArrayList<>();
            for (long key = 0; key < 4; key++) {
                forward.add(search.find(slots, req, Geometry.ROUGH, key));
            }
            for (long key = 3; key >= 0; key--) {
                assertThat(search.find(slots, req, Geometry.ROUGH, key))
                        .as("trial %d key %d", trial, key)
                        .isEqualTo(forward.get((int) key));
            }
            assertThat(search.find(slots, req, Geometry.ROUGH))
                    .as("standalone = key 0")
                    .isEqualTo(forward.get(0));
            if (forward.get(0).isPresent()) {
                found++;
                differing += forward.get(1).equals(forward.get(0)) ? 0 : 1;
            }
        }
        assertThat(found).isGreaterThan(100);
        // the keys really select different streams: some jobs get other windows
        assertThat(differing).isGreaterThan(0);
    }

    @Test
    void aFlowKeysEachJobByItsQueuePosition() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int trial = 0; trial < 20; trial++) {
            RandomInstances.Instance inst = RandomInstances.next(rnd, 8, 20, 2);
            List<ResourceRequest> queue = new ArrayList<>();
            for (int j = 0; j < 6; j++) {
                queue.add(ResourceRequest.of(1 + rnd.nextInt(3), rnd.nextDouble(5, 20)));
            }
            WindowBackfilling.Schedule s = new WindowBackfilling(
                            WindowSearches.create("min-proc-time", SEED_3), Geometry.ROUGH)
                    .schedule(inst.domain().copy(), queue);
            ResourceDomain replay = inst.domain().copy();
            SlotList slots = replay.slots();
            for (int j = 0; j < queue.size(); j++) {
                Optional<Window> w =
                        WindowSearches.create("min-proc-time", SEED_3).find(slots, queue.get(j), Geometry.ROUGH, j);
                assertThat(Optional.ofNullable(s.placements().get(j).window()))
                        .as("trial %d job %d", trial, j)
                        .isEqualTo(w);
                if (w.isPresent()) {
                    replay.commit(w.get());
                    slots = slots.cut(w.get());
                }
            }
        }
    }
}
