package org.metasched.cli;

import java.io.Console;
import java.util.function.IntConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** A terminal progress bar when standard error is a terminal; silent otherwise (CI logs, pipes). */
final class Progress implements AutoCloseable, IntConsumer {
    private final ProgressBar bar;

    Progress(String task, long total) {
        boolean terminal = onTerminal() && System.getenv("CI") == null;
        this.bar = terminal
                ? new ProgressBarBuilder()
                        .setTaskName(task)
                        .setInitialMax(total)
                        .setStyle(ProgressBarStyle.ASCII)
                        .setUpdateIntervalMillis(250)
                        .build()
                : null;
    }

    /**
     * Whether standard input and output are a terminal. Up to JDK 21 that is exactly when {@code System.console()}
     * is not null; from JDK 22 the console always exists and {@code Console.isTerminal()} (absent from JDK 17, so
     * called reflectively) says it.
     */
    @SuppressWarnings("SystemConsoleNull") // the null test is right on JDK 17-21; isTerminal covers 22+
    static boolean onTerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (NoSuchMethodException e) {
            return true; // JDK 17-21
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }

    @Override
    public void accept(int steps) {
        if (bar != null) {
            bar.stepBy(steps);
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
