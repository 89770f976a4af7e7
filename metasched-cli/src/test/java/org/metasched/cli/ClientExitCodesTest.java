package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The client commands' exit codes (their help's "Exit codes"): a service that fails the call (5xx) is exit 1, one
 * that refuses it (4xx) exit 2, each with the service's detail on one line.
 */
class ClientExitCodesTest {
    private StubService server;
    private volatile int status;

    @BeforeEach
    void start() {
        server = StubService.start(
                (path, query) -> StubService.Reply.problem(status, "what the service said " + status));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private String url() {
        return server.url();
    }

    @ParameterizedTest
    @CsvSource({"500, 1", "503, 1", "400, 2", "404, 2", "409, 2"})
    void aFailingServiceIsExitOneARefusedRequestExitTwo(int answer, int exit) {
        status = answer;
        for (String[] args : new String[][] {
            {"cycle", "run", "--url", url(), "--token", "t"},
            {"jobs", "--url", url(), "--token", "t"},
            {"clock", "--to", "5", "--url", url(), "--token", "t"}
        }) {
            CliRunner.Result r = CliRunner.run(args);
            assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(exit);
            assertThat(r.err())
                    .contains(": " + answer + " what the service said " + answer)
                    .doesNotContain("a bug")
                    .hasLineCount(1);
        }
    }

    /** quote's own required options are told as picocli tells submit's: the command's name first, then the option. */
    @Test
    void aQuoteWithoutItsBudgetNamesTheCommandAndTheOption() {
        CliRunner.Result r = CliRunner.run("quote", "--nodes", "1", "--volume", "5", "--url", url(), "--token", "t");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip())
                .isEqualTo("metasched quote: --budget: missing (a quote needs --nodes, --volume and --budget); try"
                        + " 'metasched quote --help'");
    }

    @Test
    void theClientsHelpSaysWhatTheirExitCodesMean() {
        for (String command : new String[] {"submit", "jobs", "nodes", "cycle", "clock", "quote", "accounts"}) {
            String help = CliRunner.run(command, "--help").out();
            assertThat(help)
                    .as(command)
                    .contains("Exit codes:")
                    .contains("5xx")
                    .contains("4xx")
                    .doesNotContain("output directory");
        }
        assertThat(CliRunner.run("run", "--help").out()).contains("output directory");
        // nested commands too (they printed no exit codes)
        for (String[] nested : new String[][] {{"jobs", "show", "--help"}, {"nodes", "put", "--help"}}) {
            assertThat(CliRunner.run(nested).out())
                    .as(String.join(" ", nested))
                    .contains("Exit codes:")
                    .contains("5xx")
                    .doesNotContain("output directory");
        }
        assertThat(CliRunner.run("journal", "replay", "--help").out())
                .contains("Exit codes:")
                .contains("output directory");
    }
}
