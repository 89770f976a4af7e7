package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A client command sends a number as written or refuses it: a whole number past 2^53 that a double does not hold
 * (9007199254740993) was read as the double next to it and sent so, as the service refuses to (a busy end or a
 * deadline kept as 9007199254740992 without a word, a clock move refused naming 9007199254740992).
 */
class ClientExactNumbersTest {
    private static final String NOWHERE = "http://127.0.0.1:9"; // never reached: the option is refused first

    private static void refused(String option, String... args) {
        String[] all = new String[args.length + 4];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(new String[] {"--url", NOWHERE, "--token", "t"}, 0, all, args.length, 4);
        CliRunner.Result r = CliRunner.run(all);
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err())
                .contains(option)
                .contains("9007199254740993 is a whole number a double does not hold: every one up to 2^53 ="
                        + " 9007199254740992, past which doubles skip whole numbers (it would read as"
                        + " 9007199254740992)")
                .doesNotContain("cannot be reached");
    }

    @Test
    void aWholeNumberADoubleDoesNotHoldIsRefusedAsWritten() {
        refused("--to", "clock", "--to", "9007199254740993");
        refused("--advance", "clock", "--advance", "9007199254740993");
        refused(
                "--deadline",
                "submit",
                "--nodes",
                "1",
                "--volume",
                "1",
                "--budget",
                "1",
                "--deadline",
                "9007199254740993");
        refused("--busy", "nodes", "put", "a1", "--performance", "1", "--price", "1", "--busy", "0-9007199254740993");
    }
}
