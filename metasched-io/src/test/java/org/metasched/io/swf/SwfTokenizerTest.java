package org.metasched.io.swf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The tokenizer against an independent reading of the format (a regular expression per field, big integers), on
 * random lines of every shape the scanner tells apart: plain records (read in one pass), and blanks, tabs,
 * {@code \r}, signs, fractions, long numbers, missing and extra fields, comments, a {@code MaxProcs} header repeated
 * with its value or another, and bad bytes (read by the general path). Every accepted file gives the same records as
 * the oracle; every rejected one is rejected by the oracle at the same line.
 */
class SwfTokenizerTest {
    private static final Pattern NUMBER = Pattern.compile("([+-]?)([0-9]*)(?:\\.([0-9]*))?");
    private static final int[] USED = {1, 2, 4, 5, 8, 9};
    /** What lies between blanks (only space and tab are blanks in SWF). */
    private static final Pattern TOKEN = Pattern.compile("[^ \t]+");

    @Test
    void everyLineReadsAsTheFormatSays() throws IOException {
        Random rnd = new Random(2525);
        int accepted = 0;
        int rejected = 0;
        for (int round = 0; round < 400; round++) {
            List<String> lines = new ArrayList<>();
            int n = 1 + rnd.nextInt(40);
            for (int i = 0; i < n; i++) {
                lines.add(line(rnd, i + 1, round % 2 == 0 ? 0.1 : 0.01, round % 2 == 0 ? 0 : 0.004));
            }
            String text = String.join("\n", lines) + (rnd.nextInt(5) == 0 ? "" : "\n");
            byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
            Oracle expected = Oracle.of(lines);
            SwfColumns whole = null;
            String error = null;
            try {
                whole = SwfTokenizer.tokenize("t", bytes);
            } catch (SwfFormatException e) {
                error = e.getMessage();
            }
            // the same bytes through the stream reader, in buffers that cut lines anywhere
            SwfColumns streamed = null;
            try {
                streamed = SwfTokenizer.tokenize("t", new ByteArrayInputStream(bytes) {
                    @Override
                    public synchronized int read(byte[] b, int off, int len) {
                        return super.read(b, off, Math.min(len, 1 + rnd.nextInt(200)));
                    }
                });
            } catch (SwfFormatException e) {
                assertThat(e.getMessage()).isEqualTo(error);
            }
            if (expected.badLine > 0) {
                assertThat(error).as(text).startsWith("t:" + expected.badLine + ":");
                rejected++;
                continue;
            }
            if (expected.records.isEmpty()) {
                assertThat(error).as(text).isNotNull();
                continue;
            }
            assertThat(error).as(text).isNull();
            accepted++;
            for (SwfColumns c : new SwfColumns[] {whole, streamed}) {
                assertThat(c.size).as(text).isEqualTo(expected.records.size());
                for (int r = 0; r < c.size; r++) {
                    long[] e = expected.records.get(r);
                    assertThat(new long[] {
                                c.id[r],
                                c.submit[r],
                                c.run[r],
                                c.alloc[r],
                                c.req[r],
                                c.reqTime[r],
                                c.usedMemory[r],
                                c.reqMemory[r],
                                c.line[r]
                            })
                            .as("record %d of %s", r, text)
                            .containsExactly(e[1], e[2], e[4], e[5], e[8], e[9], e[7], e[10], e[0]);
                }
            }
        }
        assertThat(accepted).as("files accepted").isGreaterThan(100);
        assertThat(rejected).as("files rejected").isGreaterThan(100);
    }

    /**
     * The columns are sized once for the whole file from the first records' bytes, the header before them left out:
     * a header of a megabyte does not make them grow by steps as the records come (nor a live read restart, {@code
     * LiveTrace}).
     */
    @Test
    void aLongHeaderDoesNotSpoilTheColumnsSize() throws IOException {
        StringBuilder text = new StringBuilder();
        while (text.length() < 1 << 20) {
            text.append("; Note: a header line of a trace whose header is long, as some archive logs have\n");
        }
        text.append("; MaxProcs: 64\n");
        for (int j = 1; j <= 30_000; j++) {
            text.append(j).append(' ').append(j).append(" -1 30 2 -1 -1 2 60 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.US_ASCII);
        SwfColumns c = SwfTokenizer.tokenize("t", new ByteArrayInputStream(bytes), bytes.length);
        assertThat(c.size).isEqualTo(30_000);
        assertThat(c.id.length).as("room for the records").isBetween(30_000, 32_000); // grown by doubling: 32,768
    }

    /**
     * One line: mostly a record, its fields plain or, at the rate {@code odd}, of the forms the general path reads
     * (signs, bare fractions, 18 digits, tabs and extra blanks); at the rate {@code bad} a field or line the format
     * refuses; now and then a comment or a blank line.
     */
    private static String line(Random rnd, int id, double odd, double bad) {
        int shape = rnd.nextInt(40);
        if (shape == 0) { // the same size again, or another: an error at that line
            return "; MaxProcs: " + (rnd.nextInt(4) == 0 ? 32 : 64);
        }
        if (shape == 1) {
            return rnd.nextBoolean() ? "" : " \t ";
        }
        int fields = rnd.nextDouble() < bad ? 17 + 2 * rnd.nextInt(2) : 18;
        StringBuilder s = new StringBuilder(rnd.nextDouble() < odd ? " \t" : "");
        for (int f = 1; f <= fields; f++) {
            if (f > 1) {
                s.append(rnd.nextDouble() < odd ? "\t " : " ");
            }
            s.append(f == 1 ? Integer.toString(id) : field(rnd, f, odd, bad));
        }
        if (rnd.nextDouble() < odd) {
            s.append("  ");
        }
        if (rnd.nextDouble() < odd) {
            s.append('\r');
        }
        return s.toString();
    }

    private static String field(Random rnd, int f, double odd, double bad) {
        if (rnd.nextDouble() < bad) {
            String[] refused = {"-", ".", "1e3", "12x", "\u00e9", "1234567890123456789", "--1", "1.2.3", "\r", "7\r"};
            // and a fraction where the reader uses the field (a time, a processor count)
            return Oracle.used(f) && rnd.nextBoolean() ? "2.5" : refused[rnd.nextInt(refused.length)];
        }
        if (rnd.nextDouble() < odd) {
            String[] accepted = {"+5", "1.", "-.0", "0.0", "7.000", "123456789012345678", "-123456789012345678", "+0"};
            String[] fractions = {".5", "-.5", "2.50", "-3.25"}; // where the reader does not use the field
            return Oracle.used(f) || rnd.nextBoolean()
                    ? accepted[rnd.nextInt(accepted.length)]
                    : fractions[rnd.nextInt(fractions.length)];
        }
        int kind = rnd.nextInt(10);
        if (kind == 0) {
            return "-1";
        }
        if (kind == 1) { // a fraction, where SWF allows one (a used field may have ".0" only)
            return rnd.nextInt(1000) + "." + (Oracle.used(f) ? "0" : Integer.toString(rnd.nextInt(100)));
        }
        return Long.toString(rnd.nextInt(kind < 5 ? 100 : 1_000_000));
    }

    /** The format, read with regular expressions: the records of lines that are all good, or the first bad line. */
    private static final class Oracle {
        final List<long[]> records = new ArrayList<>();
        int badLine;
        /** The header's MaxProcs so far, null before the first. */
        String maxProcs;

        static Oracle of(List<String> lines) {
            Oracle o = new Oracle();
            for (int i = 0; i < lines.size() && o.badLine == 0; i++) {
                String l = lines.get(i);
                if (l.endsWith("\r")) {
                    l = l.substring(0, l.length() - 1);
                }
                List<String> tokens = new ArrayList<>();
                for (Matcher m = TOKEN.matcher(l); m.find(); ) {
                    tokens.add(m.group());
                }
                if (!tokens.isEmpty()
                        && tokens.get(0).equals(";")
                        && tokens.get(1).equals("MaxProcs:")) {
                    String v = tokens.get(2); // (a whole number from 1 to 10,000,000 here)
                    if (o.maxProcs != null && !o.maxProcs.equals(v)) {
                        o.badLine = i + 1; // a second value
                    }
                    o.maxProcs = v;
                    continue;
                }
                if (tokens.isEmpty() || tokens.get(0).startsWith(";")) {
                    continue;
                }
                String[] f = tokens.toArray(new String[0]);
                long[] r = new long[19];
                r[0] = i + 1L;
                boolean good = f.length == 18;
                for (int k = 0; good && k < 18; k++) {
                    Matcher m = NUMBER.matcher(f[k]);
                    String frac = m.matches() && m.group(3) != null ? m.group(3) : "";
                    good = m.matches()
                            && m.group(2).length() + frac.length() > 0
                            && m.group(2).length() <= 18
                            && !(used(k + 1) && frac.chars().anyMatch(c -> c != '0'));
                    if (good) {
                        BigInteger v = m.group(2).isEmpty() ? BigInteger.ZERO : new BigInteger(m.group(2));
                        r[k + 1] = (m.group(1).equals("-") ? v.negate() : v).longValueExact();
                        // a time (submit, run, requested) past 2^53 s: the simulated clock would skip seconds
                        good = !((k + 1 == 2 || k + 1 == 4 || k + 1 == 9) && r[k + 1] > (1L << 53));
                    }
                }
                // and the job's end or estimated end, if it started on arrival
                good = good && r[2] + Math.max(r[4], r[9]) <= (1L << 53);
                if (good) {
                    o.records.add(r);
                } else {
                    o.badLine = i + 1;
                }
            }
            return o;
        }

        private static boolean used(int field) {
            for (int u : USED) {
                if (u == field) {
                    return true;
                }
            }
            return false;
        }
    }
}
