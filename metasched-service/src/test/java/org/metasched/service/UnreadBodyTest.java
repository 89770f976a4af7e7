package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A request whose body the service does not read (a GET with one, a request refused before its body is read) still
 * gets its answer: the service reads and drops the body first ({@link Http#dropUnread}). Jetty otherwise answers
 * and closes the connection with the body unread, and a client that sends its whole body before it reads (this
 * test, Python's http.client) gets a broken pipe or a reset instead of the answer.
 */
class UnreadBodyTest {
    @TempDir
    Path dir;

    /** Larger than the socket buffers on both sides, so the client's write cannot finish unless the service reads. */
    private static final int BODY = 8 << 20;

    @Test
    void requestsWhoseBodyIsNotReadGetTheirAnswer() throws IOException {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            URI u = URI.create(s.client.base);
            assertThat(statusLine(u, "GET", "/v1/jobs", TestService.DAVE, BODY)).isEqualTo("HTTP/1.1 200 OK");
            assertThat(statusLine(u, "POST", "/v1/jobs", null, BODY)).startsWith("HTTP/1.1 401 ");
            assertThat(statusLine(u, "GET", "/v1/no/such/route", TestService.DAVE, BODY))
                    .startsWith("HTTP/1.1 404 ");
            assertThat(statusLine(u, "PATCH", "/v1/jobs", TestService.DAVE, BODY))
                    .startsWith("HTTP/1.1 405 ");
            // a body declared and never sent: answered all the same, once the service stops waiting for it
            assertThat(statusLine(u, "GET", "/v1/jobs", TestService.DAVE, 0)).isEqualTo("HTTP/1.1 200 OK");
            // and the service goes on serving
            assertThat(s.client.get("/v1/jobs", TestService.DAVE).status()).isEqualTo(200);
        }
    }

    /**
     * Sends a request that declares a body of {@link #BODY} bytes and sends {@code sent} of them, then reads the
     * answer's status line.
     */
    private static String statusLine(URI u, String method, String path, String token, int sent) throws IOException {
        try (Socket socket = new Socket(u.getHost(), u.getPort())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            String head = method + " " + path + " HTTP/1.1\r\nHost: " + u.getHost() + ":" + u.getPort() + "\r\n"
                    + (token == null ? "" : "Authorization: Bearer " + token + "\r\n")
                    + "Content-Type: application/json\r\nContent-Length: " + BODY + "\r\n\r\n";
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = new byte[1 << 16];
            Arrays.fill(chunk, (byte) ' ');
            for (int done = 0; done < sent; done += chunk.length) {
                out.write(chunk, 0, Math.min(chunk.length, sent - done));
            }
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b; (b = in.read()) >= 0 && b != '\n'; ) {
                line.write(b);
            }
            return line.toString(StandardCharsets.US_ASCII).strip();
        }
    }
}
