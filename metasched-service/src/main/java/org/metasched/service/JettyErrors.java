package org.metasched.service;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's own error answers, for requests it refuses before any route (a path with {@code %00} or another ambiguous
 * encoding, say), in the service's problem format rather than Jetty's HTML page.
 *
 * <p>Each such answer says {@code Connection: close}. Jetty closes the connection after a request it could not read
 * (RFC 9112 section 2.2) but did not say so: a client keeping connections alive, such as Java's {@code HttpClient},
 * sent its next request on the closed one and failed with no answer at all ("header parser received no bytes").
 *
 * <p>Every method gets the body: Jetty's own handler writes one only for GET, POST and HEAD, and a PUT or DELETE whose
 * headers were too large (431) got an empty answer, not the problem {@code openapi.json} documents.
 */
final class JettyErrors extends ErrorHandler {
    @Override
    public boolean errorPageForMethod(String method) {
        return true;
    }

    @Override
    protected void generateResponse(
            Request request, Response response, int code, String message, Throwable cause, Callback callback)
            throws IOException {
        String why = cause != null && cause.getMessage() != null
                ? cause.getMessage()
                : message != null ? message : HttpStatus.getMessage(code);
        String problem;
        if (code >= 500) {
            problem = "internal-error";
        } else if (code == 413 || code == 431) {
            problem = "too-large";
        } else {
            problem = "bad-input";
        }
        String detail;
        if (code >= 500) {
            detail = "the service failed the request before any route (" + org.metasched.io.Text.shown(why, 200) + ")";
        } else if (code == 431) {
            detail = "the request's headers are too large: the request line and headers may hold at most "
                    + (ServiceConfig.MAX_HEADER_BYTES >> 10) + " kB (" + ServiceConfig.MAX_HEADER_BYTES
                    + " bytes); nothing was done";
        } else {
            detail = "malformed request (" + org.metasched.io.Text.shown(why, 200) + "): its path or a header cannot be"
                    + " read, such as a %00 or an ambiguous escape in the path";
        }
        String body = Problems.json(code, problem, detail, null, null, null, null);
        response.setStatus(code);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, Problems.PROBLEM_JSON);
        response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
        response.write(true, ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8)), callback);
    }
}
