package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.model.InputFormatException;

/** A bad setting names where it came from: the configuration file and its line, a variable, an option. */
class ServiceSettingsTest {
    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    @Test
    void anUnknownSettingNamesItsLineAndTheListingShowsEverySetting() throws IOException {
        Path yaml = file("u.yaml", "# settings\nport: 0\nquote-tll: 30\n" + TestService.tokensYaml());
        assertThatThrownBy(() -> ServiceConfig.load(yaml, Map.of(), Map.of()))
                .isInstanceOf(InputFormatException.class)
                .hasMessageStartingWith(yaml + ":3: quote-tll: not a setting, expected one of backfilling, batch-size,")
                .hasMessageContaining("quote-ttl");
        // serve prints every setting at its start: quote-ttl was missing
        ServiceConfig c = ServiceConfig.load(
                file("ok.yaml", "port: 0\nquote-ttl: 30\n" + TestService.tokensYaml()), Map.of(), Map.of());
        String listing = String.join("\n", c.describe());
        assertThat(listing).contains("  quote-ttl        30   [file]");
        for (String key : ServiceSettings.names()) {
            assertThat(listing).as(key).containsPattern("(?m)^  " + java.util.regex.Pattern.quote(key) + " ");
        }
    }

    @Test
    void aBadValueInTheFileNamesTheFileAndItsLine() throws IOException {
        Path yaml = file("s.yaml", "# settings\nport: 0\nhorizon: six\n" + TestService.tokensYaml());
        assertThatThrownBy(() -> ServiceConfig.load(yaml, Map.of(), Map.of()))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(yaml + ":3: horizon: 'six' is not a number");
        Path json = file("s.json", "{\n  \"max-cycles\": 0\n}\n");
        assertThatThrownBy(() -> ServiceConfig.load(json, Map.of(), Map.of()))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(json + ":2: max-cycles: 0, expected 1 to 1000000");
        Path flow = file("flow.yaml", "{cycle-period: -1}\n");
        assertThatThrownBy(() -> ServiceConfig.load(flow, Map.of(), Map.of()))
                .isInstanceOf(InputFormatException.class)
                .hasMessageStartingWith(flow + ": cycle-period: -1, expected a finite number >= 0");
        Path scheme = file("scheme.yaml", "scheme: fifo\n");
        assertThatThrownBy(() -> ServiceConfig.load(scheme, Map.of(), Map.of()))
                .isInstanceOf(InputFormatException.class)
                .hasMessageStartingWith(scheme + ":1: scheme")
                .hasMessageContaining("fifo");
        // the variable and the option name themselves
        assertThatThrownBy(() -> ServiceConfig.load(yaml, Map.of("METASCHED_HORIZON", "seven"), Map.of()))
                .hasMessage("METASCHED_HORIZON: 'seven' is not a number");
        assertThatThrownBy(() -> ServiceConfig.load(yaml, Map.of(), Map.of("horizon", "eight")))
                .hasMessage("--horizon: 'eight' is not a number");
    }

    @Test
    void aTokenShorterThanSixteenCharactersIsRefused() throws IOException {
        Path shortToken = file("short.yaml", "tokens:\n  - {name: op, role: operator, token: x}\n");
        assertThatThrownBy(() -> ServiceConfig.load(shortToken, Map.of(), Map.of()))
                .isInstanceOf(InputFormatException.class)
                .hasMessageStartingWith(shortToken + ": tokens[0].token is 1 characters, expected at least 16");
        Path sixteen = file("ok.yaml", "tokens:\n  - {name: op, role: operator, token: 0123456789abcdef}\n");
        assertThat(ServiceConfig.load(sixteen, Map.of(), Map.of()).tokens()).hasSize(1);
    }
}
