package org.metasched.cli;

import java.util.function.IntConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** A terminal progress bar when standard error is a terminal; silent otherwise (CI logs, pipes). */
final class Progress implements AutoCloseable, IntConsumer {
    private final ProgressBar bar;

    Progress(String task, long total) {
        boolean terminal = System.console() != null && System.getenv("CI") == null;
        this.bar = terminal
                ? new ProgressBarBuilder()
                        .setTaskName(task)
                        .setInitialMax(total)
                        .setStyle(ProgressBarStyle.ASCII)
                        .setUpdateIntervalMillis(250)
                        .build()
                : null;
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
