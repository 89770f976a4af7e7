package org.metasched.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * The training run of the launcher's class-data archive (JDK 17 dynamic AppCDS, {@code
 * -XX:ArchiveClassesAtExit}): loads the classes a short command needs by running them once, in one JVM, on a small
 * generated trace, into folders under the directory given. The launcher runs it after a build and keeps the archive
 * only if it ends well (docs/performance.md). Not a command: nothing a user types reaches it.
 */
final class CdsTraining {
    private CdsTraining() {}

    /** {@code args[0]}: an empty scratch directory that the launcher removes afterwards. */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: CdsTraining SCRATCH_DIRECTORY");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        Path trace = dir.resolve("training.swf.gz");
        writeTrace(trace);
        PrintStream out = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8));
        int failures = 0;
        String t = trace.toString();
        String[][] commands = {
            {
                "simulate",
                "--workload",
                t,
                "--policy",
                "easy",
                "-o",
                dir.resolve("easy").toString()
            },
            {
                "simulate",
                "--workload",
                t,
                "--policy",
                "conservative",
                "--no-report",
                "-o",
                dir.resolve("c").toString()
            },
            {
                "simulate",
                "--workload",
                t,
                "--policy",
                "fcfs",
                "--no-report",
                "-o",
                dir.resolve("f").toString()
            },
        };
        // the help pages: every command's annotations, and picocli's help layout (also used by usage errors)
        Main.execute("help");
        Main.execute("simulate", "--help");
        for (String[] c : commands) {
            // as main runs a command: the trace read ahead, then the command line
            Main.prefetchTrace(c);
            failures += Main.execute(c) == 0 ? 0 : 1;
        }
        // the first again, into the directory it wrote: the check of an earlier output and its replacement
        Main.prefetchTrace(commands[0]);
        failures += Main.execute(commands[0]) == 0 ? 0 : 1;
        // the same line through picocli's model, as a line SimulateArguments leaves to picocli (-oDIR, say) runs
        failures += Main.commandLine(commands[2]).execute(commands[2]) == 0 ? 0 : 1;
        System.setOut(out);
        System.exit(failures == 0 ? 0 : 1);
    }

    /**
     * 4,500 jobs on 64 processors: enough to run every path of the readers, policies and writers once, and more
     * than the report's scatter chart shows one by one (it then takes every n-th job).
     */
    private static void writeTrace(Path file) throws IOException {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        StringBuilder sb = new StringBuilder("; MaxProcs: 64\n");
        long submit = 0;
        for (int j = 1; j <= 4500; j++) {
            submit += j % 7 * 70L;
            int run = 30 + (j * 37) % 900;
            int procs = 1 + (j * 11) % 48;
            int estimate = j % 5 == 0 ? run / 2 : run + (j % 3) * 60;
            sb.append(j)
                    .append(' ')
                    .append(submit)
                    .append(" -1 ")
                    .append(run)
                    .append(' ')
                    .append(procs)
                    .append(" -1 -1 ")
                    .append(procs)
                    .append(' ')
                    .append(estimate)
                    .append(" -1 1 1 1 1 1 1 -1 -1\n");
        }
        text.write(sb.toString().getBytes(StandardCharsets.US_ASCII));
        try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(file))) {
            text.writeTo(gz);
        }
    }
}
