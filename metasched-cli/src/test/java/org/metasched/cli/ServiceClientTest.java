package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServiceClientTest {
    /**
     * A client of an {@code http://} service never makes the JDK's default TLS context (the trust store read at every
     * command for nothing); one of an {@code https://} address uses it.
     */
    @Test
    void onlyAnHttpsAddressGetsTheDefaultTlsContext() throws NoSuchAlgorithmException {
        assertThat(ServiceClient.client("http://127.0.0.1:8080").sslContext()).isNotSameAs(SSLContext.getDefault());
        assertThat(ServiceClient.client("https://example.org").sslContext()).isSameAs(SSLContext.getDefault());
    }

    /** A client run with --as before 'metasched serve' ever wrote the configuration file says to start it. */
    @Test
    void aMissingConfigurationFileSaysToStartTheServiceFirst(@TempDir Path dir) {
        Path none = dir.resolve("service.yaml");
        CliRunner.Result r = CliRunner.run(
                "quote",
                "--as",
                "alice",
                "--config",
                none.toString(),
                "--nodes",
                "1",
                "--volume",
                "1",
                "--budget",
                "5",
                "--url",
                "http://127.0.0.1:1");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo("metasched: " + none + ": no such file; start the service first with 'metasched serve"
                        + " --config " + none
                        + "' (it writes this file with the tokens --as reads; docs/service.md)\n");
    }
}
