package org.metasched.service;

import io.javalin.http.Context;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.metasched.io.JsonOutput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JsonGenerator;

/**
 * The error answers, RFC 9457 {@code application/problem+json}: an {@link ApiException} as it says, a database that
 * refuses the change as 503, Javalin's own errors by their status, anything else as 500 (logged).
 */
final class Problems {
    private static final Logger LOG = LoggerFactory.getLogger("metasched.http");
    static final String PROBLEM_JSON = "application/problem+json";

    private Problems() {}

    static void problem(Context ctx, Exception e) {
        if (ctx.attribute("route") == null) {
            ctx.attribute("route", "unmatched");
        }
        if (e instanceof ApiException a) {
            problemBody(ctx, a.status(), a.code(), a.getMessage(), a.field(), a.extraName(), a.extraJson());
        } else if (e instanceof Database.Unavailable u) {
            LOG.warn("database unavailable: {}", u.getMessage());
            problemBody(ctx, 503, "unavailable", u.getMessage() + "; nothing was changed", null);
        } else if (e instanceof io.javalin.http.HttpResponseException h) {
            int status = h.getStatus();
            problemBody(
                    ctx,
                    status,
                    status == 413 ? "too-large" : "http-" + status,
                    status == 413 ? "the request body is larger than 1 MB; nothing was stored" : h.getMessage(),
                    null);
        } else {
            LOG.error("internal error on {} {}", ctx.method(), ctx.path(), e);
            problemBody(
                    ctx,
                    500,
                    "internal-error",
                    "internal error (a bug in metasched; the log has the details):" + " "
                            + e.getClass().getSimpleName(),
                    null);
        }
    }

    static void problemBody(Context ctx, int status, String code, String detail, String field) {
        problemBody(ctx, status, code, detail, field, null, null);
    }

    static void problemBody(
            Context ctx, int status, String code, String detail, String field, String extraName, String extraJson) {
        String body =
                json(status, code, detail, org.metasched.io.Text.shown(ctx.path(), 200), field, extraName, extraJson);
        ctx.status(status);
        ctx.contentType(PROBLEM_JSON);
        ctx.result(body.getBytes(StandardCharsets.UTF_8));
    }

    /** The problem document; {@code instance}, {@code field} and {@code extraName} are left out when null. */
    static String json(
            int status, String code, String detail, String instance, String field, String extraName, String extraJson) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JsonOutput.compact(s)) {
            g.writeStartObject();
            g.writeStringProperty("type", "about:blank");
            g.writeStringProperty("title", title(status));
            g.writeNumberProperty("status", status);
            g.writeStringProperty("detail", detail);
            if (instance != null) {
                g.writeStringProperty("instance", instance);
            }
            g.writeStringProperty("code", code);
            if (field != null) {
                g.writeStringProperty("field", field);
            }
            if (extraName != null) {
                g.writeName(extraName);
                g.writeRawValue(extraJson);
            }
            g.writeEndObject();
        }
        return s.toString();
    }

    private static String title(int status) {
        return switch (status) {
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 402 -> "Payment Required";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 409 -> "Conflict";
            case 413 -> "Content Too Large";
            case 422 -> "Unprocessable Content";
            case 431 -> "Request Header Fields Too Large";
            case 503 -> "Service Unavailable";
            default -> status >= 500 ? "Internal Server Error" : "Error";
        };
    }
}
