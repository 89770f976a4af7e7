package org.metasched.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Named pipes for the commands' tests of traces read from a pipe, as {@code <(zcat ...)} gives them. */
final class NamedPipe {
    private NamedPipe() {}

    /**
     * A named pipe {@code name} in {@code dir} that a daemon thread fills with {@code content} once a reader opens
     * it (the test is skipped where there is no mkfifo). A command that never opens it leaves the thread waiting,
     * which ends with the test JVM.
     */
    static Path filled(Path dir, String name, byte[] content) throws IOException, InterruptedException {
        Path p = dir.resolve(name);
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", p.toString()).start();
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo here: " + e.getMessage());
            throw e;
        }
        assumeTrue(mk.waitFor(10, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo failed");
        Thread writer = new Thread(
                () -> {
                    try (OutputStream out = Files.newOutputStream(p)) { // waits for the reader to open the pipe
                        out.write(content);
                    } catch (IOException e) {
                        // the command's failure is what the test reports
                    }
                },
                "fifo-writer");
        writer.setDaemon(true);
        writer.start();
        return p;
    }
}
