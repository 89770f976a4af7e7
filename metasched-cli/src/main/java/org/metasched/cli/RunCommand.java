package org.metasched.cli;

import picocli.CommandLine.Command;

/** Runs the bundled default scenario. */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Run the bundled default scenario.")
final class RunCommand implements Runnable {
    @Override
    public void run() {
        throw new UnsupportedOperationException("not yet");
    }
}
