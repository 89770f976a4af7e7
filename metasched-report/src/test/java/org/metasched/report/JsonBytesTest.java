package org.metasched.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.SerializableString;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.io.CharacterEscapes;
import tools.jackson.core.io.SerializedString;
import tools.jackson.core.json.JsonFactory;

/**
 * {@link JsonBytes} writes the bytes jackson-core's generator wrote for the report's data block before: the same
 * calls on both, with the script-safe escapes the report configured, on random strings (every kind of character
 * the escaping tells apart) and numbers.
 */
class JsonBytesTest {

    /** The generator the report used (ReportJson before it wrote bytes itself). */
    private static final JsonFactory JACKSON = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .characterEscapes(new ScriptSafe())
            .build();

    private static final class ScriptSafe extends CharacterEscapes {
        private static final long serialVersionUID = 1L;
        private final int[] escapes;

        ScriptSafe() {
            escapes = standardAsciiEscapesForJSON();
            escapes['<'] = ESCAPE_STANDARD;
            escapes['>'] = ESCAPE_STANDARD;
            escapes['&'] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return escapes;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return ch == 0x2028
                    ? new SerializedString("\\u2028")
                    : ch == 0x2029 ? new SerializedString("\\u2029") : null;
        }
    }

    /** One writing step, done on both writers. */
    private record Step(Consumer<JsonBytes> mine, Consumer<JsonGenerator> jackson) {}

    private static String mine(List<Step> steps) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonBytes w = new JsonBytes(out);
        for (Step s : steps) {
            s.mine.accept(w);
        }
        w.flush();
        return latin1(out.toByteArray());
    }

    private static String jackson(List<Step> steps) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JACKSON.createGenerator(ObjectWriteContext.empty(), out)) {
            for (Step s : steps) {
                s.jackson.accept(g);
            }
        }
        return latin1(out.toByteArray());
    }

    /** Bytes as text, one character per byte (a difference in any byte is one in the text). */
    private static String latin1(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    private static final char[] ALPHABET = {
        'a', 'Z', '0', ' ', '/', '"', '\\', '<', '>', '&', '\'', '\n', '\t', '\r', '\b', '\f', 0, 1, 0x1f, 0x7f, 0x80,
        0xe9, 0x7ff, 0x800, 0x20ac, 0x2028, 0x2029, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffd, 0xffff
    };

    private static String randomString(Random r) {
        int n = r.nextInt(r.nextInt(10) == 0 ? 200 : 12);
        StringBuilder s = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            if (r.nextInt(8) == 0) {
                s.appendCodePoint(0x10000 + r.nextInt(0x100000)); // a valid surrogate pair
            } else {
                s.append(ALPHABET[r.nextInt(ALPHABET.length)]);
            }
        }
        return s.toString();
    }

    private static double randomDouble(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> r.nextInt(86_400 * 400) / 86_400.0; // seconds in days, as the report's time axes
            case 1 -> r.nextInt(1000) / 100.0;
            case 2 -> Double.longBitsToDouble(r.nextLong()); // any bit pattern, NaN and infinities included
            case 3 -> (r.nextBoolean() ? 1 : -1) * Math.pow(10, r.nextInt(40) - 20) * r.nextDouble();
            case 4 -> r.nextInt(5000) / 3.0;
            default -> r.nextGaussian() * 1e6;
        };
    }

    private static long randomLong(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> r.nextInt(100);
            case 1 -> r.nextLong();
            case 2 -> (long) Math.pow(10, r.nextInt(19)) * (r.nextBoolean() ? 1 : -1) - r.nextInt(2);
            default -> r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
        };
    }

    /** Random values in nested arrays and objects. */
    private static void randomValue(Random r, List<Step> steps, int depth) {
        switch (r.nextInt(depth > 4 ? 5 : 7)) {
            case 0 -> {
                String s = randomString(r);
                steps.add(new Step(w -> w.string(s), g -> g.writeString(s)));
            }
            case 1 -> {
                double d = randomDouble(r);
                steps.add(new Step(w -> w.number(d), g -> g.writeNumber(d)));
            }
            case 2 -> {
                long v = randomLong(r);
                steps.add(new Step(w -> w.number(v), g -> g.writeNumber(v)));
            }
            case 3 -> {
                boolean b = r.nextBoolean();
                steps.add(new Step(w -> w.bool(b), g -> g.writeBoolean(b)));
            }
            case 4 -> steps.add(new Step(JsonBytes::nul, JsonGenerator::writeNull));
            case 5 -> {
                steps.add(new Step(JsonBytes::startArray, JsonGenerator::writeStartArray));
                for (int k = r.nextInt(6); k > 0; k--) {
                    randomValue(r, steps, depth + 1);
                }
                steps.add(new Step(JsonBytes::endArray, JsonGenerator::writeEndArray));
            }
            default -> {
                steps.add(new Step(JsonBytes::startObject, JsonGenerator::writeStartObject));
                for (int k = r.nextInt(6); k > 0; k--) {
                    String name = randomString(r);
                    steps.add(new Step(w -> w.name(name), g -> g.writeName(name)));
                    randomValue(r, steps, depth + 1);
                }
                steps.add(new Step(JsonBytes::endObject, JsonGenerator::writeEndObject));
            }
        }
    }

    @Test
    void writesWhatJacksonWrote() {
        Random r = new Random(25);
        for (int doc = 0; doc < 3000; doc++) {
            List<Step> steps = new ArrayList<>();
            steps.add(new Step(JsonBytes::startArray, JsonGenerator::writeStartArray));
            for (int k = r.nextInt(8); k >= 0; k--) {
                randomValue(r, steps, 0);
            }
            steps.add(new Step(JsonBytes::endArray, JsonGenerator::writeEndArray));
            assertThat(mine(steps)).as("document %d", doc).isEqualTo(jackson(steps));
        }
    }

    @Test
    void writesLongDocumentsAcrossItsChunks() {
        Random r = new Random(7);
        List<Step> steps = new ArrayList<>();
        steps.add(new Step(JsonBytes::startArray, JsonGenerator::writeStartArray));
        for (int k = 0; k < 40_000; k++) {
            randomValue(r, steps, 0);
        }
        String big = "\u20ac<".repeat(50_000);
        steps.add(new Step(w -> w.string(big), g -> g.writeString(big)));
        steps.add(new Step(JsonBytes::endArray, JsonGenerator::writeEndArray));
        String mine = mine(steps);
        assertThat(mine.length()).isGreaterThan(1 << 20);
        assertThat(mine).isEqualTo(jackson(steps));
    }

    @Test
    void repeatedAndCollidingValuesOfItsCacheAsJackson() {
        Random r = new Random(11);
        double[] pool = new double[60_000]; // far more values than the cache has entries: slots are reused
        for (int i = 0; i < pool.length; i++) {
            pool[i] = randomDouble(r);
        }
        List<Step> steps = new ArrayList<>();
        steps.add(new Step(JsonBytes::startArray, JsonGenerator::writeStartArray));
        for (int k = 0; k < 200_000; k++) {
            double d = pool[r.nextInt(r.nextBoolean() ? 50 : pool.length)];
            steps.add(new Step(w -> w.number(d), g -> g.writeNumber(d)));
        }
        steps.add(new Step(JsonBytes::endArray, JsonGenerator::writeEndArray));
        assertThat(mine(steps)).isEqualTo(jackson(steps));
    }

    @Test
    void everyCharacterOfTheBasicPlaneAsJackson() {
        List<Step> steps = new ArrayList<>();
        for (int c = 0; c <= 0xffff; c++) {
            String s = "x" + (char) c + "y";
            steps.add(new Step(w -> w.string(s), g -> g.writeString(s)));
        }
        List<Step> all = new ArrayList<>();
        all.add(new Step(JsonBytes::startArray, JsonGenerator::writeStartArray));
        all.addAll(steps);
        all.add(new Step(JsonBytes::endArray, JsonGenerator::writeEndArray));
        assertThat(mine(all)).isEqualTo(jackson(all));
    }
}
