package org.metasched.io.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvColumnsTest {
    @TempDir
    Path dir;

    record Job(long id, String name, double start, double ci) {}

    static final CsvColumns<Job> JOBS = CsvColumns.<Job>of()
            .integer("id", Job::id)
            .text("name", Job::name)
            .decimal("start", Job::start)
            .decimalOrBlank("ci", Job::ci)
            .fixed6("start6", Job::start);

    static String written(CsvColumns<Job> columns, List<Job> rows) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        columns.write(out, rows);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theHeaderAndEveryRowComeFromTheSameColumns() throws IOException {
        String csv = written(JOBS, List.of(new Job(7, "easy", 2.5, Double.NaN), new Job(-3, "cop", 1e7, 0.125)));
        assertThat(csv)
                .isEqualTo("id,name,start,ci,start6\n" + "7,easy,2.5,,2.5\n" + "-3,cop,1.0E7,0.125,10000000.0\n");
        assertThat(JOBS.names()).containsExactly("id", "name", "start", "ci", "start6");
        csv.lines()
                .forEach(line -> assertThat(line.chars().filter(ch -> ch == ',').count())
                        .isEqualTo(JOBS.names().size() - 1));
    }

    /**
     * gang's and memory's times (jobs.csv, tasks.csv, timeseries.csv) as simulate writes its own: no exponent (a log
     * in epoch microseconds gave 1.7E15), the digits of Double.toString, so the same double reads back.
     */
    @Test
    void plainDecimalsHaveToStringsDigitsAndNoExponent() throws IOException {
        CsvColumns<Double> c = CsvColumns.<Double>of().plainDecimal("p", v -> v);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        c.write(out, List.of(1.7e15, 1.7000000006041962e15, 600.0, 0.25, 1e7, 1.0e-4, -4.0e-7, 1.23e-10, -0.0, 0x1p53));
        c.write(out, List.of(Double.NaN, Double.NEGATIVE_INFINITY, Double.MAX_VALUE, Double.MIN_VALUE, 1e21, 2.5e100));
        String[] lines = out.toString(StandardCharsets.US_ASCII).split("\n");
        assertThat(Arrays.copyOf(lines, 12))
                .containsExactly(
                        "p",
                        "1700000000000000.0",
                        "1700000000604196.2",
                        "600.0",
                        "0.25",
                        "10000000.0",
                        "0.0001",
                        "-0.0000004",
                        "0.000000000123",
                        "-0.0",
                        "9007199254740992.0",
                        "p");
        assertThat(lines[12]).isEqualTo("NaN");
        assertThat(lines[13]).isEqualTo("-Infinity");
        assertThat(lines[17]).isEqualTo("25" + "0".repeat(99) + ".0");
        java.util.Random rnd = new java.util.Random(53);
        for (int i = 0; i < 200_000; i++) {
            double v = i % 2 == 0
                    ? Double.longBitsToDouble(rnd.nextLong())
                    : (rnd.nextDouble() - 0.5) * Math.pow(10, rnd.nextInt(40) - 12);
            String p = CsvColumns.plain(v);
            assertThat(p).doesNotContain("E");
            if (Double.isFinite(v)) {
                assertThat(Double.parseDouble(p)).isEqualTo(v); // the same double
                assertThat(new java.math.BigDecimal(p)).isEqualByComparingTo(Double.toString(v)); // the same digits
            }
        }
    }

    /**
     * A time on a rebased clock (gang's and memory's at 1.7e15, where a double resolves 0.25 s) is the origin plus
     * the model's time as decimals, to the last digit; at origin 0 it is plainDecimal's cell of the time.
     */
    @Test
    void aSumIsTheOriginPlusTheTimesDigits() {
        assertThat(CsvColumns.plainSum(1.7e15, 554750.3333)).isEqualTo("1700000000554750.3333");
        assertThat(CsvColumns.plainSum(1.7e15, 133.33333333333331)).isEqualTo("1700000000000133.33333333333331");
        assertThat(CsvColumns.plainSum(1.7e15, 0.0)).isEqualTo("1700000000000000.0");
        assertThat(CsvColumns.plainSum(1.7e15, 1.0e-4)).isEqualTo("1700000000000000.0001");
        assertThat(CsvColumns.plainSum(0x1p28, 2.5)).isEqualTo("268435458.5");
        assertThat(CsvColumns.plainSum(0, -0.0)).isEqualTo("-0.0");
        assertThat(CsvColumns.plainSum(0, 1.0e-4)).isEqualTo("0.0001");
        assertThat(CsvColumns.plainSum(1.7e15, Double.NaN)).isEqualTo("NaN");
        assertThat(CsvColumns.plainSum(1.7e15, Double.POSITIVE_INFINITY)).isEqualTo("Infinity");
        java.util.Random rnd = new java.util.Random(28);
        for (int i = 0; i < 100_000; i++) {
            double v = rnd.nextDouble() * Math.pow(10, rnd.nextInt(12) - 3);
            assertThat(CsvColumns.plainSum(0, v)).isEqualTo(CsvColumns.plain(v));
            long origin = (1L << 28) + (long) (rnd.nextDouble() * ((1L << 53) - (1L << 28)));
            String p = CsvColumns.plainSum(origin, v);
            assertThat(p).doesNotContain("E");
            assertThat(new java.math.BigDecimal(p).subtract(java.math.BigDecimal.valueOf(origin)))
                    .isEqualByComparingTo(Double.toString(v)); // the time's own digits, after the origin's
            assertThat(Double.parseDouble(p)).isEqualTo(origin + v); // the nearest double, as the sum was
        }
    }

    @Test
    void numbersAreWrittenAsJavaPrintsThem() throws IOException {
        CsvColumns<Double> c =
                CsvColumns.<Double>of().decimal("d", v -> v).fixed6("f", v -> v).integer("i", v -> v.longValue());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        c.write(out, List.of(1.0, 1.0 / 3, -0.0000004, Double.NaN, Double.POSITIVE_INFINITY, 3e12, -2.0));
        assertThat(out.toString(StandardCharsets.US_ASCII))
                .isEqualTo("d,f,i\n"
                        + "1.0,1.0,1\n"
                        + "0.3333333333333333,0.333333,0\n"
                        + "-4.0E-7,0.0,0\n"
                        + "NaN,NaN,0\n"
                        + "Infinity,Infinity,9223372036854775807\n"
                        + "3.0E12,3.0E12,3000000000000\n"
                        + "-2.0,-2.0,-2\n");
    }

    @Test
    void textCellsAreQuotedExactlyAsCommonsCsvQuotesThem() throws IOException {
        List<String> values = List.of(
                "plain",
                "with, comma",
                "say \"hi\"",
                "",
                " leading space",
                "trailing space ",
                "#hash",
                "!bang",
                "$dollar",
                "-1.5",
                "two\nlines",
                "cr\r",
                "tab\tinside",
                "naïve × 2",
                "a\"");
        List<List<?>> rows = new ArrayList<>();
        for (String first : values) {
            for (String second : values) {
                rows.add(Arrays.asList(first, second, 3));
            }
        }
        List<String> header = List.of("first", "second", "n");
        Path ours = dir.resolve("ours.csv");
        CsvColumns.write(ours, header, rows);

        StringWriter theirs = new StringWriter();
        try (CSVPrinter p = new CSVPrinter(
                theirs, CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get())) {
            p.printRecord(header);
            for (List<?> row : rows) {
                p.printRecord(row);
            }
        }
        assertThat(Files.readString(ours, StandardCharsets.UTF_8)).isEqualTo(theirs.toString());
        assertThat(Files.readString(ours, StandardCharsets.UTF_8))
                .contains("\"with, comma\",\"say \"\"hi\"\"\",3\n")
                .contains("\"\",plain,3\n")
                .contains("plain,,3\n");
    }

    @Test
    void manyRowsPassThroughTheBufferInChunksAndAllArrive() throws IOException {
        List<Job> rows = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            rows.add(new Job(i, "job" + i, i * 0.5, Double.NaN));
        }
        Path f = dir.resolve("jobs.csv");
        JOBS.write(f, rows);
        List<String> lines = Files.readAllLines(f);
        assertThat(lines).hasSize(20_001);
        assertThat(lines.get(20_000)).isEqualTo("19999,job19999,9999.5,,9999.5");
        assertThat(Files.size(f)).isGreaterThan(3L * CsvColumns.CHUNK);
    }

    @Test
    void nestedColumnsAreAPartsColumnsUnderAPrefix() throws IOException {
        record Pair(Job left, Job right) {}
        CsvColumns<Job> part = CsvColumns.<Job>of().integer("id", Job::id).text("name", Job::name);
        CsvColumns<Pair> pairs =
                CsvColumns.<Pair>of().nested("left_", Pair::left, part).nested("right_", Pair::right, part);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        pairs.write(out, List.of(new Pair(new Job(1, "", 0, 0), new Job(2, "b,c", 0, 0))));
        assertThat(out.toString(StandardCharsets.UTF_8))
                .isEqualTo("left_id,left_name,right_id,right_name\n1,,2,\"b,c\"\n");
        assertThat(pairs.names()).containsExactly("left_id", "left_name", "right_id", "right_name");
    }

    @Test
    void rowsReadByIndexAreTheNumbersUpToTheSize() {
        assertThat(CsvColumns.indices(3)).containsExactly(0, 1, 2);
        assertThat(CsvColumns.indices(0)).isEmpty();
    }
}
