package org.metasched.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.metasched.experiments.P000Experiment;

/** Writes the report of an experiment into its output directory. */
final class ExperimentReports {
    private ExperimentReports() {}

    static void p000(Path dir, P000Experiment.Config config, List<P000Experiment.Row> rows, double seconds)
            throws IOException {
        // the HTML report is added when the report module lands
    }
}
