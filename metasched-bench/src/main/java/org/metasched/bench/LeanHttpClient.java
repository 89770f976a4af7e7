package org.metasched.bench;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * One HTTP/1.1 keep-alive connection over a plain socket, one request at a time, for {@link ServiceLoad}: the JDK's
 * {@code HttpClient} spent a large share of the two cores on its selector, its futures and (with one core's worth of
 * common pool) a new thread per completed request, which the load generator then took from the service it measures.
 * This client writes one buffer per request and reads the answer's status, headers and body (by {@code
 * Content-Length} or chunked) from its own buffer; it knows nothing else of HTTP (no redirects, no TLS, no
 * compression), which is all the service on 127.0.0.1 needs. Not thread-safe: one connection per thread.
 */
final class LeanHttpClient implements AutoCloseable {
    /** An answer: the status code and the body as text. */
    record Answer(int status, String body) {}

    private final String host;
    private final int port;
    private Socket socket;
    private OutputStream out;
    private InputStream in;
    private byte[] buf = new byte[16 * 1024];
    private int pos;
    private int limit;

    LeanHttpClient(URI base) {
        this.host = base.getHost();
        this.port = base.getPort();
    }

    /** The bytes of a request (built once, sent as often as wanted). */
    byte[] request(String method, String path, String token, String body) {
        byte[] b = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        StringBuilder h = new StringBuilder(256)
                .append(method)
                .append(' ')
                .append(path)
                .append(" HTTP/1.1\r\nHost: ")
                .append(host)
                .append(':')
                .append(port)
                .append("\r\nAuthorization: Bearer ")
                .append(token)
                .append("\r\n");
        if (body != null) {
            h.append("Content-Type: application/json\r\n");
        }
        h.append("Content-Length: ").append(b.length).append("\r\n\r\n");
        byte[] head = h.toString().getBytes(StandardCharsets.US_ASCII);
        byte[] all = Arrays.copyOf(head, head.length + b.length);
        System.arraycopy(b, 0, all, head.length, b.length);
        return all;
    }

    /** Sends a request and reads its answer, with the body when {@code keepBody}; reconnects when needed. */
    Answer send(byte[] request, boolean keepBody) throws IOException {
        if (socket == null) {
            connect();
        }
        try {
            out.write(request);
            out.flush();
            return readAnswer(keepBody);
        } catch (IOException e) {
            close(); // the next request opens a new connection
            throw e;
        }
    }

    Answer call(String method, String path, String token, String body) throws IOException {
        return send(request(method, path, token, body), true);
    }

    private void connect() throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.connect(new InetSocketAddress(host, port), 5000);
        s.setSoTimeout(120_000);
        socket = s;
        out = s.getOutputStream();
        in = s.getInputStream();
        pos = 0;
        limit = 0;
    }

    private Answer readAnswer(boolean keepBody) throws IOException {
        String status = line();
        if (!status.startsWith("HTTP/1.") || status.length() < 12) {
            throw new IOException("not an HTTP answer: " + status);
        }
        int code = Integer.parseInt(status.substring(9, 12));
        long length = -1;
        boolean chunked = false;
        boolean closing = false;
        for (String h = line(); !h.isEmpty(); h = line()) {
            int colon = h.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = h.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = h.substring(colon + 1).trim();
            switch (name) {
                case "content-length" -> length = Long.parseLong(value);
                case "transfer-encoding" ->
                    chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                case "connection" -> closing = value.equalsIgnoreCase("close");
                default -> {
                    // not needed
                }
            }
        }
        StringBuilder body = keepBody ? new StringBuilder() : null;
        if (chunked) {
            for (long n = chunkSize(); n > 0; n = chunkSize()) {
                body(n, body);
                line(); // the chunk's CRLF
            }
            for (String t = line(); !t.isEmpty(); t = line()) {
                // trailers: none expected
            }
        } else if (length >= 0) {
            body(length, body);
        } else {
            throw new IOException("an answer without Content-Length or chunked body (status " + code + ")");
        }
        if (closing) {
            close();
        }
        return new Answer(code, keepBody ? body.toString() : null);
    }

    private long chunkSize() throws IOException {
        String l = line();
        int semi = l.indexOf(';');
        return Long.parseLong((semi < 0 ? l : l.substring(0, semi)).trim(), 16);
    }

    /** Reads {@code n} bytes of body, appended to {@code to} unless it is null. */
    private void body(long n, StringBuilder to) throws IOException {
        java.io.ByteArrayOutputStream kept = to == null ? null : new java.io.ByteArrayOutputStream();
        long left = n;
        while (left > 0) {
            if (pos == limit) {
                fill();
            }
            int take = (int) Math.min(left, limit - pos);
            if (kept != null) {
                kept.write(buf, pos, take);
            }
            pos += take;
            left -= take;
        }
        if (to != null) {
            to.append(kept.toString(StandardCharsets.UTF_8));
        }
    }

    /** One header line without its CRLF. */
    private String line() throws IOException {
        int start = pos;
        while (true) {
            for (int i = start; i < limit; i++) {
                if (buf[i] == '\n') {
                    int end = i > pos && buf[i - 1] == '\r' ? i - 1 : i;
                    String s = new String(buf, pos, end - pos, StandardCharsets.ISO_8859_1);
                    pos = i + 1;
                    return s;
                }
            }
            start = limit;
            int kept = limit - pos;
            if (pos > 0) { // keep the partial line at the start of the buffer
                System.arraycopy(buf, pos, buf, 0, kept);
                start -= pos;
                pos = 0;
                limit = kept;
            }
            if (limit == buf.length) {
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                throw new EOFException("the connection closed inside an answer");
            }
            limit += n;
        }
    }

    private void fill() throws IOException {
        pos = 0;
        limit = 0;
        int n = in.read(buf, 0, buf.length);
        if (n < 0) {
            throw new EOFException("the connection closed inside an answer's body");
        }
        limit = n;
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException e) {
                // closing anyway
            }
            socket = null;
        }
    }
}
