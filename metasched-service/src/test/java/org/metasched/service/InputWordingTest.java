package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Messages that said less than the rule (the service tester's findings): a node id's letters are ASCII ones; a busy
 * time that is not a pair says how many values it has; a busy time before 0 is refused (it was kept and shown as
 * {@code -10--5}); an unknown account names the configuration file's tokens, not service.yaml, which --config may
 * not be.
 */
class InputWordingTest {
    private static final String ALICE = TestService.ALICE;

    @TempDir
    Path dir;

    @Test
    void nodeAndAccountMessagesSayTheWholeRule() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            Client.Response id = c.put("/v1/nodes/n\u00e9", ALICE, "{\"performance\":1,\"price\":1}");
            assertThat(id.status()).as(id.toString()).isEqualTo(400);
            assertThat(id.detail()).contains("is not a node id: ASCII letters, digits, '.', '_' and '-'");
            Client.Response three = c.put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":1,\"busy\":[[1,2,3]]}");
            assertThat(three.status()).isEqualTo(400);
            assertThat(three.detail()).isEqualTo("busy[0]: must be a [start, end] pair, got a list of 3 values");
            Client.Response one = c.put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":1,\"busy\":[[1]]}");
            assertThat(one.detail()).isEqualTo("busy[0]: must be a [start, end] pair, got a list of 1 value");
            Client.Response before =
                    c.put("/v1/nodes/a1", ALICE, "{\"performance\":1,\"price\":1,\"busy\":[[-10,-5]]}");
            assertThat(before.status()).isEqualTo(400);
            assertThat(before.detail()).isEqualTo("busy[0]: start -10 must be >= 0 (service time starts at 0)");
            assertThat(c.get("/v1/nodes/a1", ALICE).status())
                    .as("nothing published")
                    .isEqualTo(404);
            Client.Response nobody = c.post("/v1/accounts/nobody/credit", TestService.OPERATOR, "{\"amount\":5}");
            assertThat(nobody.status()).isEqualTo(404);
            assertThat(nobody.detail())
                    .isEqualTo("no account nobody: no owner's or user's token has it (the configuration file's tokens:"
                            + " account, default the token's name)");
        }
    }
}
