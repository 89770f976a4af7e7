package org.metasched.cli;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import org.metasched.model.InputFormatException;
import org.metasched.service.ServiceConfig;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client commands' connection to a running {@code metasched serve}: {@code --url}, the bearer token ({@code
 * --token}, {@code METASCHED_TOKEN}, or {@code --as NAME} from the service's configuration file on this machine) and
 * the output format. A refused call becomes one line with the service's {@code detail}: exit 2 for a 4xx answer,
 * 1 for a 5xx one (the service failed).
 */
final class ServiceClient {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The options every client command shares (a picocli mixin). */
    static final class Connection {
        /** The command this connection is a part of: its options name what the service's words name (below). */
        @Spec(Spec.Target.MIXEE)
        CommandSpec command;

        @Option(
                names = "--url",
                paramLabel = "URL",
                order = HelpLayout.GENERAL,
                description = "The service: http://127.0.0.1:8080, or METASCHED_URL when it is set.")
        String url;

        @Option(
                names = "--token",
                paramLabel = "TOKEN",
                order = HelpLayout.GENERAL + 1,
                description = "The bearer token (default: METASCHED_TOKEN). Prefer the variable: an option shows in the"
                        + " process list.")
        String token;

        @Option(
                names = "--as",
                paramLabel = "NAME",
                order = HelpLayout.GENERAL + 2,
                description = "Use the token of NAME from the service's configuration file (--config; on the"
                        + " service's machine).")
        String as;

        @Option(
                names = "--config",
                paramLabel = "FILE",
                order = HelpLayout.GENERAL + 3,
                description = "The configuration file --as reads (default: results/service.yaml).")
        Path config;

        @Option(
                names = {"-f", "--format"},
                paramLabel = "FMT",
                order = HelpLayout.OUTPUTS,
                description = "table (the default) or json (the service's answer as it is).")
        String format;

        boolean json() {
            if (format == null || format.equalsIgnoreCase("table")) {
                return false;
            }
            if (format.equalsIgnoreCase("json")) {
                return true;
            }
            throw new InputFormatException(
                    "--format: unknown format '" + Text.cut(format) + "', expected table or json");
        }

        ServiceClient open() {
            json(); // a bad --format is said before anything is sent
            if (token != null && as != null) {
                throw new InputFormatException("--token and --as both name a token; give one of them");
            }
            if (config != null && as == null) {
                throw new InputFormatException("--config is read only with --as NAME; give --as too, or leave it out");
            }
            String t = token;
            if (as != null) {
                Path file = config == null ? ServiceConfig.DEFAULT_FILE : config;
                if (!Files.exists(file)) { // 'serve' writes it on its first start: a client run before has none
                    throw new InputFormatException(file + ": no such file; start the service first with 'metasched"
                            + " serve" + (config == null ? "" : " --config " + file) + "' (it writes this file with"
                            + " the tokens --as reads; docs/service.md)");
                }
                t = ServiceConfig.secretOf(file, as);
            } else if (t == null) {
                t = System.getenv("METASCHED_TOKEN");
            }
            String u = url != null ? url : System.getenv("METASCHED_URL");
            if (u == null || u.isBlank()) {
                u = "http://127.0.0.1:8080";
            }
            while (u.endsWith("/")) {
                u = u.substring(0, u.length() - 1);
            }
            try {
                URI uri = URI.create(u);
                if (uri.getScheme() == null || !uri.getScheme().startsWith("http") || uri.getHost() == null) {
                    throw new IllegalArgumentException("not http");
                }
            } catch (IllegalArgumentException e) {
                throw new InputFormatException("--url: '" + Text.cut(u) + "' is not an http:// URL");
            }
            return new ServiceClient(u, t, command);
        }
    }

    private final String base;
    private final String token;
    private final HttpClient http;
    private final CommandSpec command;

    private ServiceClient(String base, String token, CommandSpec command) {
        this.base = base;
        this.token = token;
        this.http = client(base);
        this.command = command;
    }

    /**
     * The HTTP client for {@code base}. For {@code http://} it gets a TLS context that is never initialised, with
     * parameters of its own: the JDK's client otherwise makes the default TLS context when it is built (the trust
     * store read and parsed), about 60 ms of every command under C1, for a connection that never uses TLS.
     */
    static HttpClient client(String base) {
        HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10));
        if (base.startsWith("http://")) {
            try {
                b.sslContext(SSLContext.getInstance("TLS")).sslParameters(new SSLParameters());
            } catch (NoSuchAlgorithmException e) {
                // no TLS at all in this JDK: the default, as before
            }
        }
        return b.build();
    }

    /** A successful answer: status and JSON. */
    record Answer(int status, String body, JsonNode json) {}

    Answer call(String method, String path, String body, String... headers) {
        Answer a = send(method, path, body, headers);
        if (a.status() >= 400) {
            throw refused(method, path, a);
        }
        return a;
    }

    /** The items a listing asks for at a time: the service's default page (it sends at most 10,000). */
    static final int PAGE = 1000;

    /**
     * {@code GET path} page by page until the list {@code field} is whole: the first page's answer with every item
     * (and no {@code next}). The next page starts after the answer's {@code next} when it has one (jobs), else after
     * the last item's {@code key} (a cycle's number, a ledger row's {@code seq}). One page was all a listing showed:
     * {@code metasched jobs} stopped at the 1000th job without a word.
     */
    JsonNode all(String path, String field, String key) {
        String sep = path.contains("?") ? "&" : "?";
        ObjectNode whole = null;
        ArrayNode items = null;
        long after = 0;
        while (true) {
            JsonNode page = call("GET", path + sep + "after=" + after + "&limit=" + PAGE, null)
                    .json();
            JsonNode list = page.path(field);
            if (whole == null) {
                if (!page.isObject() || !list.isArray()) {
                    return page;
                }
                whole = ((ObjectNode) page).deepCopy();
                whole.remove("next");
                items = whole.putArray(field);
            }
            items.addAll((ArrayNode) list);
            if (list.size() < PAGE) {
                return whole;
            }
            long next = page.has("next")
                    ? page.get("next").asLong()
                    : list.get(list.size() - 1).path(key).asLong();
            if (next <= after) {
                return whole; // a service that does not page: never the same page again
            }
            after = next;
        }
    }

    /**
     * The service failed a call (it answered 5xx: an internal error, or unavailable: stopping, or its database refuses
     * changes): not the caller's mistake, so the command exits with 1, not 2.
     */
    static final class Failed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Failed(String message) {
            super(message);
        }
    }

    /** The one-line error of a refused call: bad input (exit 2) for 4xx, {@link Failed} (exit 1) for 5xx. */
    RuntimeException refused(String method, String path, Answer a) {
        String detail = a.json() != null && a.json().get("detail") != null
                ? a.json().get("detail").asString()
                : a.body();
        if (a.json() != null) {
            JsonNode field = a.json().get("field");
            detail = inOptions(command, detail, field != null && field.isString() ? field.asString() : null);
        }
        String hint = a.status() == 401 && (token == null || token.isBlank())
                ? " (give --as NAME, --token or METASCHED_TOKEN)"
                : "";
        String line = method + " " + path + ": " + a.status() + " " + org.metasched.io.Text.shown(detail, 300) + hint;
        return a.status() >= 500 ? new Failed(line) : new InputFormatException(line);
    }

    /**
     * The HTTP API's words in a service's {@code detail}, and what the client says instead when its command has the
     * option: a node's withdrawal refused while jobs hold it told the user of {@code nodes delete} to send "DELETE
     * with ?force=true".
     */
    private static final String[][] API_WORDS = {
        {"DELETE with ?force=true cancels them", "--force", "add --force to cancel them"},
        {"Idempotency-Key", "--idempotency-key", "--idempotency-key"},
        {
            "no bearer token: send 'Authorization: Bearer TOKEN' with a token of the service's configuration file",
            "--token",
            "no token: give one of the service's configuration file"
        },
        {"malformed Authorization header: expected 'Bearer TOKEN'", "--token", "malformed token: expected one word"},
    };

    /**
     * {@code detail} in the words of {@code command}'s options: the request's {@code field} it starts with (the
     * service's {@code "minPerformance: must be >= 0"}) as the option that gave it ({@code --min-performance}), and
     * the {@link #API_WORDS}; the rest, and anything the command has no option for, as the service said it.
     */
    static String inOptions(CommandSpec command, String detail, String field) {
        if (command == null || detail == null) {
            return detail;
        }
        String out = detail;
        if (field != null && out.startsWith(field + ": ")) {
            String option =
                    "--" + field.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
            if (command.findOption(option) != null) {
                out = option + out.substring(field.length());
            }
        }
        for (String[] w : API_WORDS) {
            if (command.findOption(w[1]) != null) {
                out = out.replace(w[0], w[2]);
            }
        }
        return out;
    }

    /** Sends a request and returns the answer whatever its status (JSON required). */
    Answer send(String method, String path, String body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofMinutes(5));
        if (token != null && !token.isBlank()) {
            b.header("Authorization", "Bearer " + token);
        }
        for (int i = 0; i + 1 < headers.length; i += 2) {
            if (headers[i + 1] != null) {
                b.header(headers[i], headers[i + 1]);
            }
        }
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        b.method(
                method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> r;
        try {
            r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new InputFormatException(
                    "cannot reach " + base + ": connection refused; is 'metasched serve' running" + " there? (--url)");
        } catch (IOException e) {
            throw new InputFormatException("cannot reach " + base + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InputFormatException("interrupted while waiting for " + base);
        }
        JsonNode json = null;
        try {
            json = r.body().isEmpty() ? null : JSON.readTree(r.body());
        } catch (RuntimeException e) {
            // not JSON: said below when it matters
        }
        if (json == null && r.statusCode() >= 400) {
            throw refused(method, path, new Answer(r.statusCode(), r.body(), null));
        }
        if (json == null) {
            throw new InputFormatException(method + " " + path + ": " + r.statusCode() + ", but the answer is not JSON:"
                    + " is " + base + " a metasched service?");
        }
        return new Answer(r.statusCode(), r.body(), json);
    }

    /** The JSON as the service sent it, indented. */
    static String pretty(JsonNode json) {
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json);
    }
}
