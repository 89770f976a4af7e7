package org.metasched.service;

import static org.metasched.service.Http.body;

import io.javalin.http.Context;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Reading a request (path and query parameters, headers, a body of at most 1 MB) and writing a JSON answer. */
final class Http {
    static final String JSON = "application/json";

    private Http() {}

    /** How much of a too large body is read and dropped before the 413 (beyond it the connection is closed). */
    private static final long DRAIN_BYTES = 64L << 20;

    static String id(Context c) {
        return c.pathParam("id");
    }

    static long cycleNumber(Context c) {
        String s = c.pathParam("n");
        try {
            long n = Long.parseLong(s);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw ApiException.badInput("n", "'" + org.metasched.io.Text.shown(s) + "' is not a cycle number (1, 2, ...)");
    }

    static long longParam(Context c, String name, long otherwise) {
        String s = c.queryParam(name);
        if (s == null || s.isBlank()) {
            return otherwise;
        }
        try {
            long v = Long.parseLong(s.strip());
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            if (s.strip().matches("[0-9]+")) {
                return Long.MAX_VALUE; // a whole number past a long: past every item (was "not a whole number")
            }
        }
        throw ApiException.badInput(name, "'" + org.metasched.io.Text.shown(s) + "' is not a whole number >= 0");
    }

    /** The most items a listing's page may hold ({@code limit}); the default page is {@link #DEFAULT_LIMIT}. */
    static final int MAX_LIMIT = 10_000;

    static final int DEFAULT_LIMIT = 1000;

    /**
     * A listing's {@code limit}: a whole number from 0 to {@link #MAX_LIMIT}, default {@link #DEFAULT_LIMIT}. A larger
     * one is refused rather than cut to the maximum, so a client never gets fewer items than it asked for without a
     * word.
     */
    static int limitParam(Context c) {
        String s = c.queryParam("limit");
        if (s == null || s.isBlank()) {
            return DEFAULT_LIMIT;
        }
        try {
            long v = Long.parseLong(s.strip());
            if (v >= 0 && v <= MAX_LIMIT) {
                return (int) v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw ApiException.badInput(
                "limit",
                "'" + org.metasched.io.Text.shown(s) + "' is not a whole number from 0 to " + MAX_LIMIT
                        + " (the most items a page holds; default " + DEFAULT_LIMIT + ", page on with 'after')");
    }

    /**
     * A listing's {@code next}: written when the page is full ({@code count} items of a {@code limit} above 0), the
     * {@code after} of the next page (the last item's key); an answer without it is the listing's last page. Every
     * listing pages so (jobs, cycles, a ledger, events as JSON).
     */
    static void next(tools.jackson.core.JsonGenerator g, int limit, int count, long lastKey) {
        if (limit > 0 && count == limit) {
            g.writeNumberProperty("next", lastKey);
        }
    }

    static String idempotencyKey(Context c) {
        String key = c.header("Idempotency-Key");
        if (key != null && (key.isBlank() || key.length() > 200)) {
            throw ApiException.badInput("Idempotency-Key", "must be 1 to 200 characters");
        }
        for (int i = 0; key != null && i < key.length(); i++) {
            char ch = key.charAt(i);
            if (ch < 0x20
                    || ch > 0x7e) { // a header's bytes reach here one char each: UTF-8 text would be echoed garbled
                throw ApiException.badInput(
                        "Idempotency-Key",
                        String.format(
                                java.util.Locale.ROOT,
                                "must be printable ASCII (space to '~'), got byte 0x%02X at position %d",
                                (int) ch & 0xff,
                                i + 1));
            }
        }
        return key;
    }

    /** The request attribute that says the handler read the body ({@link #body}), so there is nothing to drop. */
    private static final String BODY_READ = "metasched.body-read";

    /** The request body, at most {@link ServiceConfig#MAX_BODY_BYTES} (413 beyond). */
    static byte[] body(Context c) {
        c.attribute(BODY_READ, true);
        String length = c.header("Content-Length");
        long declared = -1;
        if (length != null) {
            try {
                declared = Long.parseLong(length.strip());
                if (declared > ServiceConfig.MAX_BODY_BYTES) {
                    throw tooLarge(c);
                }
            } catch (NumberFormatException e) {
                throw ApiException.badInput("Content-Length", "is not a number");
            }
        }
        try (InputStream in = c.bodyInputStream()) {
            if (declared >= 0) { // the usual case: read exactly the declared length (the server ends the body there)
                byte[] b = in.readNBytes((int) declared);
                if (b.length < declared) {
                    throw ApiException.badInput(
                            null, "the request body ended after " + b.length + " of its " + declared + " bytes");
                }
                return b;
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) > 0) {
                out.write(buf, 0, n);
                if (out.size() > ServiceConfig.MAX_BODY_BYTES) {
                    throw tooLarge(c);
                }
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw ApiException.badInput(null, "the request body could not be read: " + e.getMessage());
        }
    }

    static void noBody(Context c) {
        if (body(c).length > 0) {
            throw ApiException.badInput(null, c.method() + " " + c.path() + " takes no body");
        }
    }

    /**
     * The 413 answer. The rest of the body (up to {@link #DRAIN_BYTES}) is read and dropped first: a server that
     * answers and closes while the client is still sending makes most clients (the JDK's among them) see a reset
     * connection instead of the 413.
     */
    private static ApiException tooLarge(Context c) {
        try (InputStream in = c.bodyInputStream()) {
            long skipped = 0;
            byte[] buf = new byte[8192];
            int n;
            while (skipped < DRAIN_BYTES && (n = in.read(buf)) > 0) {
                skipped += n;
            }
        } catch (IOException | RuntimeException e) {
            // the client gave up: nothing left to answer politely
        }
        return new ApiException(
                413,
                "too-large",
                "the request body is larger than " + ServiceConfig.MAX_BODY_BYTES + " bytes (1 MB); nothing was stored",
                null);
    }

    /** How long {@link #dropUnread} waits for more of a body that stopped coming before it answers anyway. */
    private static final long UNREAD_IDLE_NANOS = 200_000_000L;

    /**
     * Reads and drops what is left of a request body that its handler did not read (a GET with a body, a request
     * refused before its body was read), up to {@link #DRAIN_BYTES}, before the answer goes out. Jetty otherwise
     * answers and closes the connection with the body unread, and a client still sending it (Python's http.client,
     * curl's and the JDK's with a large body) gets a broken pipe or a reset instead of the answer. A body declared
     * and not sent is given {@link #UNREAD_IDLE_NANOS} of silence, then answered without: it reads only what has
     * arrived, without blocking. Nothing for a request without a body.
     */
    static void dropUnread(Context c) {
        if (c.attribute(BODY_READ) != null) {
            return; // the handler read it (body)
        }
        HttpServletRequest req = c.req();
        long declared = req.getContentLengthLong();
        if (declared <= 0 && req.getHeader("Transfer-Encoding") == null) {
            return; // no body (HTTP/1.1 has one only with a length or chunks)
        }
        try {
            ServletInputStream in = req.getInputStream();
            byte[] buf = new byte[8192];
            long dropped = 0;
            long idleSince = System.nanoTime();
            while (dropped < DRAIN_BYTES && (declared < 0 || dropped < declared) && !in.isFinished()) {
                int ready = in.available();
                if (ready > 0) {
                    int n = in.read(buf, 0, Math.min(ready, buf.length));
                    if (n < 0) {
                        return;
                    }
                    dropped += n;
                    idleSince = System.nanoTime();
                } else if (System.nanoTime() - idleSince > UNREAD_IDLE_NANOS) {
                    return;
                } else {
                    Thread.sleep(1);
                }
            }
        } catch (IOException | RuntimeException e) {
            // the client gave up or the body was read already: nothing to drop
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Answers a JSON body. One below {@link #DIRECT_BYTES} is written straight to the response with its length (an
     * answer this small is never compressed); a larger one goes through Javalin's result, which compresses it when
     * the client accepts it.
     */
    static void json(Context c, int status, String body) {
        c.status(status);
        c.contentType(JSON);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        if (bytes.length >= DIRECT_BYTES) {
            c.result(bytes);
            return;
        }
        c.res().setContentLength(bytes.length);
        try {
            c.res().getOutputStream().write(bytes);
        } catch (IOException e) {
            // the client went away: nothing to answer
        }
    }

    /** Javalin's smallest compressed answer (its compression strategy's default minimum). */
    private static final int DIRECT_BYTES = 1500;
}
