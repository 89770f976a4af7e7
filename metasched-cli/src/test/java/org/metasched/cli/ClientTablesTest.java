package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The client's job table speaks of one node in the singular ("request 1 node, ..."), of more in the plural. */
class ClientTablesTest {
    private static String request(int nodes) {
        JsonNode j = JsonMapper.builder()
                .build()
                .readTree("{\"id\":\"j1\",\"state\":\"queued\",\"user\":\"user\",\"nodes\":"
                        + nodes
                        + ",\"volume\":60,\"budget\":600,\"criterion\":\"cost\",\"deadline\":null,\"submitted\":0,"
                        + "\"cyclesWaited\":0,\"started\":null,\"ended\":null}");
        StringWriter out = new StringWriter();
        try (PrintWriter o = new PrintWriter(out)) {
            ClientTables.job(o, j);
        }
        return out.toString()
                .lines()
                .filter(l -> l.startsWith("request"))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void oneNodeIsSingular() {
        assertThat(request(1)).isEqualTo("request       1 node, volume 60, budget 600, criterion cost");
        assertThat(request(2)).isEqualTo("request       2 nodes, volume 60, budget 600, criterion cost");
    }
}
