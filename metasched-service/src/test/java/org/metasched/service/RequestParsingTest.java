package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The parts of a request the service reads by hand instead of through a regular expression or a formatter (for the
 * CPU per request, docs/performance.md): the bearer token, the log line's milliseconds and a blank body. Each is
 * checked against the rule it replaces.
 */
class RequestParsingTest {
    /** The rule {@link Api#bearerToken} replaces: strip, split at runs of \s, two words, the first "Bearer". */
    private static String byRegex(String h) {
        String[] parts = h.strip().split("\\s+", -1);
        return parts.length == 2 && parts[0].equalsIgnoreCase("Bearer") ? parts[1] : null;
    }

    @Test
    void theBearerTokenIsReadAsTheRegularExpressionReadIt() {
        String[] headers = {
            "Bearer abc",
            "bearer abc",
            "BEARER abc",
            "  Bearer \t abc  ",
            "Bearer",
            "Bearer ",
            "Bearer abc def",
            "Bearerabc",
            "Basic abc",
            "Bearer\u001Cabc",
            "Bearer\u00A0abc",
            "Bearer\u000Babc",
            "Bearers abc",
            "x",
            "Bearer  abc\u001C",
        };
        for (String h : headers) {
            assertThat(Api.bearerToken(h)).as("'%s'", h).isEqualTo(byRegex(h));
        }
        assertThat(Api.bearerToken("Bearer tok-123")).isEqualTo("tok-123");
    }

    @Test
    void theLogLineShowsTheMillisecondsAsFormatDid() {
        double[] ms = {0, 0.04, 0.05, 0.94, 0.96, 1, 12.345, 999.99, 1234.5678};
        for (double v : ms) {
            String line = Api.requestLine("POST", "/v1/jobs", 201, v, "alice");
            assertThat(line).isEqualTo("POST /v1/jobs 201 " + String.format(Locale.ROOT, "%.1f", v) + " ms alice");
        }
        assertThat(Api.requestLine("GET", "/v1/health", 200, 3.25, null)).startsWith("GET /v1/health 200 3.");
        assertThat(Api.requestLine("GET", "/v1/health", 200, 3.2, null)).isEqualTo("GET /v1/health 200 3.2 ms");
    }

    @Test
    void aBlankBodyIsToldAsBeforeAndAVisibleOneIsParsed() {
        for (String blank : new String[] {"", " ", "\r\n\t ", "\u001C", " \u2003 "}) {
            assertThatThrownBy(() -> Body.parse(blank.getBytes(StandardCharsets.UTF_8), false))
                    .as("'%s'", blank)
                    .hasMessageContaining("the request has no body");
        }
        assertThat(Body.parse(" \n".getBytes(StandardCharsets.UTF_8), true).has("x"))
                .isFalse();
        assertThat(Body.parse(" {\"x\":1} ".getBytes(StandardCharsets.UTF_8), false)
                        .has("x"))
                .isTrue();
        assertThatThrownBy(() -> Body.parse(" x".getBytes(StandardCharsets.UTF_8), false))
                .hasMessageContaining("malformed JSON");
    }

    /**
     * A field sent to a request that takes none (POST /v1/cycles) is named with what the request takes: it said
     * 'expected one of ' and an empty list.
     */
    @Test
    void aFieldWhereNoneIsTakenSaysSo() {
        byte[] field = "{\"scheme\": \"css\"}".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> Body.parse(field, true).only())
                .hasMessage("scheme: unknown field: this request takes no fields (send no body, or {})");
        assertThat(Body.parse("{}".getBytes(StandardCharsets.UTF_8), true)
                        .only()
                        .has("scheme"))
                .isFalse();
        assertThatThrownBy(() -> Body.parse(field, false).only("advance", "to"))
                .hasMessage("scheme: unknown field, expected one of advance, to");
    }
}
