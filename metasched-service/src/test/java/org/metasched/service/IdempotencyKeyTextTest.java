package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Idempotency-Key outside printable ASCII is refused at once, naming the first such byte: a header's bytes reach
 * the service one character each, so a key in UTF-8 ({@code clé}) was stored as {@code clÃ©} and echoed so in a 422.
 */
class IdempotencyKeyTextTest {
    @TempDir
    Path dir;

    @Test
    void aKeyOutsidePrintableAsciiIs400NamingTheByte() throws IOException {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            assertThat(s.client
                            .put("/v1/nodes/a1", TestService.ALICE, "{\"performance\":1,\"price\":1}")
                            .status())
                    .isEqualTo(201);
            URI u = URI.create(s.client.base);
            String answer = post(u, "cl\u00e9".getBytes(StandardCharsets.UTF_8));
            assertThat(answer).startsWith("HTTP/1.1 400 ");
            assertThat(answer)
                    .contains("Idempotency-Key: must be printable ASCII (space to '~'), got byte 0xC3 at position 3");
            assertThat(post(u, "key-1".getBytes(StandardCharsets.US_ASCII))).startsWith("HTTP/1.1 201 ");
        }
    }

    /** A job's submission with the key's bytes as they are, and the whole answer. */
    private static String post(URI u, byte[] key) throws IOException {
        try (Socket socket = new Socket(u.getHost(), u.getPort())) {
            socket.setSoTimeout(30_000);
            byte[] body = "{\"nodes\":1,\"volume\":5,\"budget\":100}".getBytes(StandardCharsets.US_ASCII);
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            head.writeBytes(("POST /v1/jobs HTTP/1.1\r\nHost: " + u.getHost() + ":" + u.getPort()
                            + "\r\nAuthorization: Bearer " + TestService.CAROL
                            + "\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
                            + body.length + "\r\nIdempotency-Key: ")
                    .getBytes(StandardCharsets.US_ASCII));
            head.writeBytes(key);
            head.writeBytes("\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            head.writeBytes(body);
            socket.getOutputStream().write(head.toByteArray());
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
