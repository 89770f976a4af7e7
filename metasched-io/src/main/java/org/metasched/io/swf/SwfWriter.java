package org.metasched.io.swf;

import java.io.IOException;
import java.io.Writer;
import org.metasched.model.Workload;

/**
 * Writes a {@link Workload} as SWF: a {@code ; MaxProcs:} header and one 18-field record per job with the fields
 * the reader uses (job number, submit time, run time, allocated = requested processors, requested time); every
 * other field is -1. A killed job is written with its run time cut at the estimate (what it ran). Reading the
 * output back gives the same workload.
 */
public final class SwfWriter {
    private SwfWriter() {}

    public static void write(Writer out, Workload w) throws IOException {
        out.write("; Written by metasched\n");
        out.write("; MaxProcs: " + w.machineProcessors() + "\n");
        StringBuilder sb = new StringBuilder(128);
        for (int j = 0; j < w.size(); j++) {
            sb.setLength(0);
            sb.append(w.id(j)).append(' ');
            sb.append(w.submitSeconds(j)).append(" -1 ");
            sb.append(w.runtimeSeconds(j)).append(' ');
            sb.append(w.processors(j)).append(" -1 -1 ");
            sb.append(w.processors(j)).append(' ');
            sb.append(w.estimateSeconds(j)).append(" -1 1 -1 -1 -1 -1 -1 -1 -1\n");
            out.write(sb.toString());
        }
    }
}
