package org.metasched.cli;

import picocli.CommandLine.Command;

/** Chooses one window for one co-allocation problem. */
@Command(name = "select", mixinStandardHelpOptions = true, description = "Choose a window for one job.")
final class SelectCommand implements Runnable {
    @Override
    public void run() {
        throw new UnsupportedOperationException("not yet");
    }
}
