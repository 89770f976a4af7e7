package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.NoSuchAlgorithmException;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;

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
}
