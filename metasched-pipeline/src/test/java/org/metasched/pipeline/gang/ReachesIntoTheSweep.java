package org.metasched.pipeline.gang;

import java.util.List;
import org.metasched.pipeline.sweep.SweepCommands;

/**
 * A system class that uses the sweep above it: what {@code PipelineArchitectureTest.LAYERS} refuses (test code only,
 * so that the rule is seen to fail).
 */
public final class ReachesIntoTheSweep {
    private ReachesIntoTheSweep() {}

    public static List<String> sweepable() {
        return SweepCommands.names();
    }
}
