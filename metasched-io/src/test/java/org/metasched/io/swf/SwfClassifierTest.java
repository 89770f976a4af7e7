package org.metasched.io.swf;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The reader's rules applied a run of records at a time (as {@link SwfReader#read} does while a read ahead goes on)
 * give the trace that one pass over all records gives, wherever the runs are cut and however much room was made.
 */
class SwfClassifierTest {
    private static final SwfOptions[] OPTIONS = {
        SwfOptions.DEFAULTS,
        SwfOptions.DEFAULTS.withOverrun(SwfOptions.Overrun.EXTEND),
        SwfOptions.DEFAULTS.withSize(SwfOptions.SizeField.REQUESTED),
        SwfOptions.DEFAULTS.withMaxJobs(1_000),
        SwfOptions.DEFAULTS.withMachineProcessors(48).withMaxJobs(2_999),
    };

    @Test
    void runsOfRecordsClassifyAsOnePass() {
        Random rnd = new Random(25);
        for (int round = 0; round < 40; round++) {
            int machine = 16 + rnd.nextInt(200);
            String text = SwfTraces.random(rnd, 1 + rnd.nextInt(4_000), machine, 0);
            SwfColumns raw = SwfTokenizer.tokenize("t.swf", text.getBytes(StandardCharsets.UTF_8));
            SwfOptions o = OPTIONS[round % OPTIONS.length];
            SwfReader reader = new SwfReader(o);
            SwfTrace onePass = reader.trace(new SwfRecords("t.swf", raw));
            int size = reader.machineProcessors(new SwfRecords("t.swf", raw));
            // room from none to more than every record: the builder and the memory columns grow as needed
            SwfClassifier c = new SwfClassifier(o, size, rnd.nextInt(raw.size + 20));
            int done = 0;
            while (done < raw.size) {
                int to = rnd.nextInt(4) == 0 ? done : Math.min(raw.size, done + 1 + rnd.nextInt(700));
                c.add(raw, done, to); // an empty run now and then
                done = to;
            }
            SwfTraces.assertSame(c.finish("t.swf", raw.maxProcs), onePass);
        }
    }
}
