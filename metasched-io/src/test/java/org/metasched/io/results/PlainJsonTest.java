package org.metasched.io.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.metasched.io.JsonOutput;
import tools.jackson.core.JsonGenerator;

/** {@link PlainJson} writes what {@link JsonOutput#files} writes, byte for byte. */
class PlainJsonTest {
    private static final String[] STRINGS = {
        "",
        "KTH-SP2-1996-2.1-cln.swf.gz",
        "quote \" backslash \\ slash /",
        "tab\tnew\nline\rcr\bback\fform",
        "\u0000\u0001\u001f\u007f",
        "ünïcödé ✓ \uD83D\uDE00",
        "easy"
    };

    private static final double[] NUMBERS = {
        0.0,
        -0.0,
        1.0,
        0.5,
        1.0 / 3,
        1e-7,
        1.23e-300,
        9.999999e6,
        1e7,
        1.5e21,
        123456789.125,
        -42.25,
        Double.MIN_VALUE,
        Double.MAX_VALUE,
        Double.NaN,
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY
    };

    @Test
    void writesWhatJacksonWritesForEveryKindOfValue() {
        Random r = new Random(25);
        for (int round = 0; round < 200; round++) {
            StringWriter jackson = new StringWriter();
            StringWriter plain = new StringWriter();
            PlainJson p = new PlainJson(plain);
            try (JsonGenerator g = JsonOutput.files(jackson)) {
                g.writeStartObject();
                p.startObject();
                int entries = r.nextInt(8);
                for (int i = 0; i < entries; i++) {
                    String name = "k" + i + STRINGS[r.nextInt(STRINGS.length)];
                    switch (r.nextInt(4)) {
                        case 0 -> {
                            String v = STRINGS[r.nextInt(STRINGS.length)];
                            g.writeStringProperty(name, v);
                            p.property(name, v);
                        }
                        case 1 -> {
                            long v = r.nextInt(3) == 0 ? Long.MIN_VALUE + r.nextInt(3) : r.nextLong() >> r.nextInt(64);
                            g.writeNumberProperty(name, v);
                            p.property(name, v);
                        }
                        case 2 -> {
                            double v = r.nextBoolean() ? NUMBERS[r.nextInt(NUMBERS.length)] : r.nextGaussian() * 1e6;
                            g.writeName(name);
                            JsonOutput.number(g, v);
                            p.property(name, v);
                        }
                        default -> { // a nested object, possibly empty
                            g.writeName(name);
                            g.writeStartObject();
                            p.name(name).startObject();
                            for (int k = r.nextInt(3); k > 0; k--) {
                                g.writeNumberProperty("n" + k, k);
                                p.property("n" + k, (long) k);
                            }
                            g.writeEndObject();
                            p.endObject();
                        }
                    }
                }
                g.writeEndObject();
                p.endObject();
            }
            assertThat(plain.toString()).isEqualTo(jackson.toString());
        }
    }
}
