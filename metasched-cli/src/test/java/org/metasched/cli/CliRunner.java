package org.metasched.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the command line in-process and captures what it prints. */
final class CliRunner {
    record Result(int exitCode, String out, String err) {}

    private CliRunner() {}

    static Result run(String... args) {
        CommandLine cl = Main.commandLine(args);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Result(code, out.toString(), err.toString());
    }
}
