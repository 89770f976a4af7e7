package org.metasched.io.swf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.model.Workload;

class SwfReaderTest {
    @TempDir
    Path dir;

    /** One record: fields 1, 2, 4, 5, 8, 9 as given, everything else -1. */
    static String rec(long id, long submit, long run, long alloc, long req, long reqTime) {
        return id + " " + submit + " -1 " + run + " " + alloc + " -1 -1 " + req + " " + reqTime
                + " -1 1 -1 -1 -1 -1 -1 -1 -1\n";
    }

    static SwfTrace parse(SwfOptions o, String text) {
        return new SwfReader(o).parse("t.swf", text.getBytes(StandardCharsets.UTF_8));
    }

    static final String QUESTIONABLE = "; MaxProcs: 8\n"
            + rec(1, 0, 100, 2, 2, 200) // fine
            + rec(2, 5, 0, 2, 2, 200) // run time 0: skipped
            + rec(3, 6, -1, 2, 2, 200) // run time -1: skipped
            + rec(4, 7, 50, -1, -1, 200) // no size: skipped
            + rec(5, 8, 50, 16, 16, 200) // larger than the machine: rejected
            + rec(6, 9, 50, -1, 4, 200) // size from requested
            + rec(7, 10, 50, 2, 2, -1) // no estimate: estimate = run time
            + rec(8, 11, 300, 2, 2, 100) // estimate short: killed at 100
            + rec(9, 3, 50, 1, 1, 60) // submitted before job 8: out of order, queued by submit time
            + rec(10, -1, 50, 1, 1, 60); // submit unknown: skipped

    @Test
    void everyQuestionableRecordIsCountedUnderItsRule() {
        SwfTrace t = parse(SwfOptions.DEFAULTS, QUESTIONABLE);
        assertThat(t.records()).isEqualTo(10);
        assertThat(t.count(SwfRule.RUNTIME_NOT_POSITIVE)).isEqualTo(2);
        assertThat(t.count(SwfRule.NO_SIZE)).isEqualTo(1);
        assertThat(t.count(SwfRule.LARGER_THAN_MACHINE)).isEqualTo(1);
        assertThat(t.count(SwfRule.SIZE_FROM_FALLBACK)).isEqualTo(1);
        assertThat(t.count(SwfRule.ESTIMATE_MISSING)).isEqualTo(1);
        assertThat(t.count(SwfRule.ESTIMATE_SHORT)).isEqualTo(1);
        assertThat(t.count(SwfRule.SUBMIT_OUT_OF_ORDER)).isEqualTo(1);
        assertThat(t.count(SwfRule.SUBMIT_UNKNOWN)).isEqualTo(1);
        assertThat(t.skipped()).isEqualTo(4);
        assertThat(t.rejected()).isEqualTo(1);
        assertThat(t.adjusted()).isEqualTo(4); // jobs 6, 7, 8, 9
        Workload w = t.workload();
        assertThat(w.size()).isEqualTo(5);
        assertThat(w.size() + t.skipped() + t.rejected()).isEqualTo(t.records());
        // sorted by submit time: 1 (0), 9 (3), 6 (9), 7 (10), 8 (11)
        assertThat(new long[] {w.id(0), w.id(1), w.id(2), w.id(3), w.id(4)}).containsExactly(1, 9, 6, 7, 8);
        assertThat(w.processors(2)).isEqualTo(4);
        assertThat(w.estimateSeconds(3)).isEqualTo(50);
        assertThat(w.runtimeSeconds(4)).isEqualTo(100);
        assertThat(w.estimateSeconds(4)).isEqualTo(100);
        assertThat(w.killed(4)).isTrue();
        assertThat(t.countsByKey()).containsEntry("runtimeNotPositive", 2L).containsEntry("submitOutOfOrder", 1L);
    }

    /** The earliest submit of any record, skipped or not (the log's start, for the memory model's clock). */
    @Test
    void theFirstSubmitIsTheEarliestRecordsKeptOrNot() {
        assertThat(parse(SwfOptions.DEFAULTS, QUESTIONABLE).firstSubmitSeconds())
                .isZero();
        String late = "; MaxProcs: 8\n"
                + rec(1, -1, 50, 1, 1, 60) // submit unknown: not a time
                + rec(2, 1_700_000_000_000_007L, -1, 2, 2, 200) // no run time: skipped, but the log's first time
                + rec(3, 1_700_000_000_000_005L, 5, 16, 16, 200) // rejected, earlier still (out of order)
                + rec(4, 1_700_000_000_000_009L, 5, 2, 2, 200);
        SwfTrace t = parse(SwfOptions.DEFAULTS, late);
        assertThat(t.firstSubmitSeconds()).isEqualTo(1_700_000_000_000_005L);
        assertThat(t.workload().submitSeconds(0)).isEqualTo(1_700_000_000_000_009L);
        assertThat(parse(SwfOptions.DEFAULTS, "; MaxProcs: 8\n" + rec(1, -1, 50, 1, 1, 60))
                        .firstSubmitSeconds())
                .isEqualTo(-1);
    }

    @Test
    void noKillRaisesTheEstimateAndRequestedSizeIsSelectable() {
        SwfTrace t = parse(
                SwfOptions.DEFAULTS.withOverrun(SwfOptions.Overrun.EXTEND).withSize(SwfOptions.SizeField.REQUESTED),
                "; MaxProcs: 8\n" + rec(1, 0, 300, 2, 4, 100) + rec(2, 1, 10, 3, -1, 20));
        assertThat(t.workload().runtimeSeconds(0)).isEqualTo(300);
        assertThat(t.workload().estimateSeconds(0)).isEqualTo(300);
        assertThat(t.workload().killed(0)).isFalse();
        assertThat(t.workload().processors(0)).isEqualTo(4);
        assertThat(t.workload().processors(1)).isEqualTo(3);
        assertThat(t.count(SwfRule.SIZE_FROM_FALLBACK)).isEqualTo(1);
    }

    @Test
    void machineSizeFromMaxProcsThenMaxNodesThenTheOption() {
        assertThat(parse(SwfOptions.DEFAULTS, "; MaxNodes: 16\n;  MaxProcs:  32\n" + rec(1, 0, 1, 1, 1, 1))
                        .workload()
                        .machineProcessors())
                .isEqualTo(32);
        assertThat(parse(SwfOptions.DEFAULTS, "; MaxNodes: 16\n" + rec(1, 0, 1, 1, 1, 1))
                        .workload()
                        .machineProcessors())
                .isEqualTo(16);
        assertThat(parse(SwfOptions.DEFAULTS.withMachineProcessors(4), "; MaxProcs: 32\n" + rec(1, 0, 1, 1, 1, 1))
                        .workload()
                        .machineProcessors())
                .isEqualTo(4);
        assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, rec(1, 0, 1, 1, 1, 1)))
                .hasMessage("t.swf: no '; MaxProcs:' or '; MaxNodes:' header line, so the machine size is unknown;"
                        + " give it with --processors");
    }

    @Test
    void jobLimitCountsAcceptedJobs() {
        SwfTrace t = parse(SwfOptions.DEFAULTS.withMaxJobs(2), QUESTIONABLE);
        assertThat(t.workload().size()).isEqualTo(2);
        assertThat(t.records()).isEqualTo(6); // 1 accepted, 2-5 dropped, 6 accepted
    }

    @Test
    void aLetterInANumericFieldNamesFileLineFieldAndValue() {
        String text =
                "; MaxProcs: 8\n" + rec(1, 0, 100, 2, 2, 200) + "2 10 -1 1x0 2 -1 -1 2 200 -1 1 -1 -1 -1 -1 -1 -1 -1\n";
        assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, text))
                .isInstanceOf(SwfFormatException.class)
                .hasMessage("t.swf:3: field 4 (run time): bad value '1x0', expected a number");
    }

    @Test
    void seventeenFieldsIsAnError() {
        String text = "; MaxProcs: 8\n1 0 -1 100 2 -1 -1 2 200 -1 1 -1 -1 -1 -1 -1 -1\n";
        assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, text))
                .hasMessage("t.swf:2: field 18 (think time): missing; the record has 17 fields, expected 18");
    }

    @Test
    void nineteenFieldsIsAnError() {
        String text = "; MaxProcs: 8\n1 0 -1 100 2 -1 -1 2 200 -1 1 -1 -1 -1 -1 -1 -1 -1 7\n";
        assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, text))
                .hasMessage("t.swf:2: field 19: bad value '7', expected the end of the record after 18 fields");
    }

    @Test
    void emptyAndMissingFilesSaySo() throws IOException {
        Path empty = Files.createFile(dir.resolve("empty.swf"));
        assertThatThrownBy(() -> new SwfReader(SwfOptions.DEFAULTS).read(empty))
                .hasMessage(empty + ": empty file, expected SWF job records");
        Path comments = Files.writeString(dir.resolve("comments.swf"), "; MaxProcs: 8\n\n");
        assertThatThrownBy(() -> new SwfReader(SwfOptions.DEFAULTS).read(comments))
                .hasMessage(comments + ": no job records (only comments or blank lines), expected SWF records of 18"
                        + " fields");
        Path missing = dir.resolve("missing.swf.gz");
        assertThatThrownBy(() -> new SwfReader(SwfOptions.DEFAULTS).read(missing))
                .isInstanceOf(SwfFormatException.class)
                .hasMessage(missing + ": no such file");
    }

    @Test
    void gzipIsDetectedByMagicBytesWhateverTheName() throws IOException {
        Path gz = dir.resolve("trace.swf"); // no .gz suffix on purpose
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(QUESTIONABLE.getBytes(StandardCharsets.UTF_8));
        }
        SwfTrace t = new SwfReader(SwfOptions.DEFAULTS).read(gz);
        assertThat(t.workload().size()).isEqualTo(5);
        assertThat(t.source()).isEqualTo(gz.toString());
    }

    @Test
    void writerOutputReadsBackToTheSameWorkload() throws IOException {
        Workload w = parse(SwfOptions.DEFAULTS, QUESTIONABLE).workload();
        StringWriter out = new StringWriter();
        SwfWriter.write(out, w);
        Workload back = parse(SwfOptions.DEFAULTS, out.toString()).workload();
        assertThat(back.size()).isEqualTo(w.size());
        for (int j = 0; j < w.size(); j++) {
            assertThat(back.id(j)).isEqualTo(w.id(j));
            assertThat(back.submitSeconds(j)).isEqualTo(w.submitSeconds(j));
            assertThat(back.runtimeSeconds(j)).isEqualTo(w.runtimeSeconds(j));
            assertThat(back.estimateSeconds(j)).isEqualTo(w.estimateSeconds(j));
            assertThat(back.processors(j)).isEqualTo(w.processors(j));
        }
    }

    @Test
    void crlfTabsAndFractionsInUnusedFieldsAreAccepted() {
        SwfTrace t = parse(
                SwfOptions.DEFAULTS, "; MaxProcs: 8\r\n1\t0 -1 99.0 2 12.75 -1 2 200 -1 1 -1 -1 -1 -1 -1 -1 -1\r\n");
        assertThat(t.workload().runtimeSeconds(0)).isEqualTo(99);
    }

    /**
     * A time past 2^53 s is refused, naming its line and field: the simulations' clocks are doubles, and a trace in
     * epoch nanoseconds before 2001 (18 digits) gave a wait of -1 s. Epoch microseconds and 2^53 itself are kept.
     */
    @Test
    void aTimeBeyondTwoToThe53IsRefusedNotRounded() {
        long limit = 1L << 53;
        long micros = 1_700_000_000_000_000L;
        String ok = "; MaxProcs: 8\n" + rec(1, micros, 100, 2, 2, limit - micros) + rec(2, 0, limit, 1, 1, -1)
                + rec(3, limit - 100, 100, 1, 1, 60) + rec(4, limit, 0, 1, 1, -1);
        Workload w = parse(SwfOptions.DEFAULTS, ok).workload();
        assertThat(w.runtimeSeconds(0)).isEqualTo(limit); // job 2, submitted first
        assertThat(w.submitSeconds(1)).isEqualTo(micros);
        assertThat(w.estimateSeconds(1)).isEqualTo(limit - micros);
        assertThat(w.submitSeconds(2)).isEqualTo(limit - 100);
        String[] fields = {"submit time", "run time", "requested time"};
        String[] records = {
            rec(3, limit + 1, 100, 2, 2, 200), rec(3, 0, limit + 1, 2, 2, -1), rec(3, 0, 100, 2, 2, limit + 1)
        };
        int[] numbers = {2, 4, 9};
        for (int i = 0; i < 3; i++) {
            String text = "; MaxProcs: 8\n" + rec(1, 0, 100, 2, 2, 200) + records[i];
            String expected = "t.swf:3: field " + numbers[i] + " (" + fields[i] + "): bad value '" + (limit + 1)
                    + "', expected at most " + limit + " s";
            assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, text)).hasMessageContaining(expected);
            // the general path (a carriage return) says the same
            assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, text.replace("\n", "\r\n")))
                    .hasMessageContaining(expected);
        }
        // each below 2^53, the job's end (submit + run) or estimated end (submit + requested) past it
        String[] sums = {rec(3, limit - 100, 101, 2, 2, 50), rec(3, limit - 100, 60, 2, 2, 101)};
        String[] expected = {
            "t.swf:3: fields 2 and 4 (submit time + run time): " + (limit - 100) + " + 101 = " + (limit + 1)
                    + " s, expected at most " + limit + " s (2^53: the job's end would be past it",
            "t.swf:3: fields 2 and 9 (submit time + requested time): " + (limit - 100) + " + 101 = " + (limit + 1)
                    + " s, expected at most " + limit + " s (2^53: the job's end would be past it"
        };
        for (int i = 0; i < 2; i++) {
            String text = "; MaxProcs: 8\n" + rec(1, 0, 100, 2, 2, 200) + sums[i];
            String e = expected[i];
            assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, text)).hasMessageStartingWith(e);
            assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, text.replace("\n", "\r\n")))
                    .hasMessageStartingWith(e);
        }
    }

    /**
     * A file whose lines end in CR alone (old Mac text) reads as one long line; the error names the carriage return,
     * on the header's path, a field's and a record with too many fields, as it did not say why before.
     */
    @Test
    void linesEndedByACarriageReturnAloneAreNamedAsSuch() {
        String hint = " (it holds a carriage return, \\x0d, not followed by a line feed: lines must end in LF or"
                + " CRLF, not CR alone; convert with tr '\\r' '\\n')";
        String records = rec(1, 0, 100, 2, 2, 200) + rec(2, 5, 100, 2, 2, 200);
        assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, ("; MaxProcs: 8\n" + records).replace('\n', '\r')))
                .hasMessageStartingWith("t.swf:1: header 'MaxProcs': bad value '8\\x0d1 0 ")
                .hasMessageEndingWith("expected a whole number of processors from 1 to 10000000" + hint);
        assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, "; MaxProcs: 8\n" + records.replace('\n', '\r')))
                .hasMessage("t.swf:2: field 18 (" + SwfTokenizer.FIELD_NAMES[18] + "): bad value '-1\\x0d2', expected"
                        + " a number" + hint);
        assertThatThrownBy(() -> parse(
                        SwfOptions.DEFAULTS,
                        "; MaxProcs: 8\n" + rec(1, 0, 100, 2, 2, 200).trim() + " \r2 5\n"))
                .hasMessage(
                        "t.swf:2: field 19: bad value '\\x0d2', expected the end of the record after 18 fields" + hint);
        // CRLF is a line end, and a bad value without a carriage return gets no such note
        assertThat(parse(SwfOptions.DEFAULTS, ("; MaxProcs: 8\n" + records).replace("\n", "\r\n"))
                        .records())
                .isEqualTo(2);
        assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, "; MaxProcs: 8\n1 x\n"))
                .hasMessageNotContaining("carriage return");
    }

    @Test
    void aFractionInAUsedFieldIsAnErrorNotRounded() {
        String text = "; MaxProcs: 8\n1 0 -1 50.5 2 -1 -1 2 200 -1 1 -1 -1 -1 -1 -1 -1 -1\n";
        assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, text))
                .isInstanceOf(SwfFormatException.class)
                .hasMessage("t.swf:2: field 4 (run time): bad value '50.5', expected a whole number (SWF times and"
                        + " job numbers are whole; metasched does not round them)");
        String size = "; MaxProcs: 8\n1 0 -1 50 2.5 -1 -1 2 200 -1 1 -1 -1 -1 -1 -1 -1 -1\n";
        assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, size))
                .hasMessageContaining("field 5 (allocated processors): bad value '2.5', expected a whole number (SWF"
                        + " processor counts are whole");
    }

    @Test
    void exponentNotationIsNamedAsSuch() {
        String text = "; MaxProcs: 8\n1 1e30 -1 50 2 -1 -1 2 200 -1 1 -1 -1 -1 -1 -1 -1 -1\n";
        assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, text))
                .hasMessage("t.swf:2: field 2 (submit time): bad value '1e30', expected a plain decimal number (SWF"
                        + " has no exponent notation)");
    }

    /** A UTF-8 byte order mark, as an editor saving "UTF-8 with BOM" writes it before the text. */
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private static byte[] withBom(String text) {
        byte[] t = text.getBytes(StandardCharsets.UTF_8);
        byte[] b = new byte[BOM.length + t.length];
        System.arraycopy(BOM, 0, b, 0, BOM.length);
        System.arraycopy(t, 0, b, BOM.length, t.length);
        return b;
    }

    @Test
    void aByteOrderMarkAtTheStartIsSkippedPlainGzippedAndReadInPieces() throws IOException {
        String recordFirst = rec(1, 0, 100, 2, 2, 200) + rec(2, 5, 50, 1, 1, 60);
        SwfOptions eight = SwfOptions.DEFAULTS.withMachineProcessors(8);
        for (String text : List.of(QUESTIONABLE, recordFirst)) {
            SwfTrace expected = parse(eight, text);
            Path plain = Files.write(dir.resolve("bom.swf"), withBom(text));
            Path gz = dir.resolve("bom.swf.gz");
            try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
                out.write(withBom(text));
            }
            for (SwfTrace t : List.of(
                    new SwfReader(eight).parse("t.swf", withBom(text)),
                    new SwfReader(eight).read(plain),
                    new SwfReader(eight).read(gz),
                    // one byte at a time: the mark is split over reads
                    new SwfReader(eight)
                            .records("t.swf", SwfTokenizer.tokenize("t.swf", new OneByteAtATime(withBom(text)))))) {
                assertThat(t.records()).isEqualTo(expected.records());
                assertThat(t.workload().size()).isEqualTo(expected.workload().size());
                assertThat(t.workload().id(0)).isEqualTo(expected.workload().id(0));
                assertThat(t.workload().submitSeconds(0))
                        .isEqualTo(expected.workload().submitSeconds(0));
            }
        }
    }

    @Test
    void aByteOrderMarkAnywhereButTheStartIsStillAnError() {
        String second = rec(2, 5, 50, 1, 1, 60);
        byte[] onLine2 = (rec(1, 0, 100, 2, 2, 200) + "\uFEFF" + second).getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> new SwfReader(SwfOptions.DEFAULTS.withMachineProcessors(8)).parse("t.swf", onLine2))
                .hasMessage("t.swf:2: field 1 (job number): bad value '\\xef\\xbb\\xbf2', expected a number");
        // read in pieces, line 2 is the first of a later piece: still not the start of the text
        assertThatThrownBy(() -> SwfTokenizer.tokenize("t.swf", new OneByteAtATime(onLine2)))
                .hasMessage("t.swf:2: field 1 (job number): bad value '\\xef\\xbb\\xbf2', expected a number");
        byte[] twice = withBom("\uFEFF" + second);
        assertThatThrownBy(() -> new SwfReader(SwfOptions.DEFAULTS.withMachineProcessors(8)).parse("t.swf", twice))
                .hasMessage("t.swf:1: field 1 (job number): bad value '\\xef\\xbb\\xbf2', expected a number");
    }

    /** A stream that hands out one byte per read, as a slow pipe may. */
    private static final class OneByteAtATime extends java.io.InputStream {
        private final byte[] bytes;
        private int at;

        OneByteAtATime(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public int read() {
            return at < bytes.length ? bytes[at++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (at == bytes.length) {
                return -1;
            }
            b[off] = bytes[at++];
            return 1;
        }
    }

    @Test
    void binaryGarbageIsShownEscapedAndCut() {
        byte[] garbage = new byte[200];
        for (int i = 0; i < garbage.length; i++) {
            garbage[i] = (byte) (i * 37 + 11);
        }
        garbage[0] = (byte) 0x89;
        garbage[1] = 'P';
        for (int i = 0; i < garbage.length; i++) {
            if (garbage[i] == '\n'
                    || garbage[i] == '\r'
                    || garbage[i] == ' '
                    || garbage[i] == '\t'
                    || garbage[i] == ';') {
                garbage[i] = 'x';
            }
        }
        assertThatThrownBy(() -> new SwfReader(SwfOptions.DEFAULTS).parse("bin.swf", garbage))
                .isInstanceOf(SwfFormatException.class)
                .hasMessageStartingWith("bin.swf:1: field 1 (job number): bad value '\\x89P")
                .hasMessageContaining("...', expected a number")
                .satisfies(e -> assertThat(e.getMessage())
                        .hasSizeLessThan(140)
                        .doesNotContainPattern("[\\x00-\\x1f\\x7f-\\xff]"));
    }

    @Test
    void aBadMachineSizeHeaderSaysWhatIsWrongWithIt() {
        assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, "; MaxProcs: abc\n" + rec(1, 0, 1, 1, 1, 1)))
                .hasMessage("t.swf:1: header 'MaxProcs': bad value 'abc', expected a whole number of processors from"
                        + " 1 to 10000000");
        assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, ";MaxNodes: 0\n" + rec(1, 0, 1, 1, 1, 1)))
                .hasMessageContaining("header 'MaxNodes': bad value '0'");
        assertThatThrownBy(
                        () -> parse(SwfOptions.DEFAULTS, "; MaxProcs: 99999999999999999999\n" + rec(1, 0, 1, 1, 1, 1)))
                .hasMessageContaining("bad value '99999999999999999999', expected a whole number of processors");
        assertThat(parse(SwfOptions.DEFAULTS, "; MaxProcs: 16  \n; MaxProcsNote 3\n" + rec(1, 0, 1, 1, 1, 1))
                        .workload()
                        .machineProcessors())
                .isEqualTo(16);
    }

    @Test
    void aDirectoryAndDamagedGzipAreOneLine() throws IOException {
        assertThatThrownBy(() -> new SwfReader(SwfOptions.DEFAULTS).read(dir))
                .isInstanceOf(SwfFormatException.class)
                .hasMessage(dir + ": is a directory, expected an SWF trace file");
        Path gz = dir.resolve("cut.swf.gz");
        java.io.ByteArrayOutputStream whole = new java.io.ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(whole)) {
            out.write(QUESTIONABLE.getBytes(StandardCharsets.UTF_8));
        }
        byte[] b = whole.toByteArray();
        Files.write(gz, java.util.Arrays.copyOf(b, b.length / 2));
        assertThatThrownBy(() -> new SwfReader(SwfOptions.DEFAULTS).read(gz))
                .isInstanceOf(SwfFormatException.class)
                .hasMessageStartingWith(gz + ": the gzip data is damaged (")
                .hasMessageEndingWith("); expected a gzipped SWF trace");
    }

    @Test
    void readingAStreamInPiecesGivesWhatParsingTheWholeTextGives() throws IOException {
        // lines across every kind of read boundary, a line longer than the read buffer, CRLF, no final newline
        StringBuilder text = new StringBuilder("; MaxProcs: 64\r\n");
        for (int j = 1; j <= 3000; j++) {
            text.append(rec(j, j * 7L, 10 + j % 50, 1 + j % 60, 1 + j % 30, j % 4 == 0 ? 5 : 100));
        }
        text.append("; ").append("x".repeat(SwfTokenizer.BUFFER * 2 + 17)).append('\n');
        text.append(rec(3001, 90_000, 5, 2, 2, 10).trim());
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        SwfTrace whole = new SwfReader(SwfOptions.DEFAULTS).parse("t.swf", bytes);
        // a stream that hands out at most 7 bytes per read, then the file as written and gzipped
        java.io.InputStream trickle = new java.io.ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1 + off % 7));
            }
        };
        SwfTrace pieces = new SwfReader(SwfOptions.DEFAULTS).records("t.swf", SwfTokenizer.tokenize("t.swf", trickle));
        Path plain = dir.resolve("t.swf");
        Files.write(plain, bytes);
        Path gz = dir.resolve("t.swf.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(bytes);
        }
        for (SwfTrace t : new SwfTrace[] {
            pieces, new SwfReader(SwfOptions.DEFAULTS).read(plain), new SwfReader(SwfOptions.DEFAULTS).read(gz)
        }) {
            assertThat(t.records()).isEqualTo(3001).isEqualTo(whole.records());
            assertThat(t.countsByKey()).isEqualTo(whole.countsByKey());
            Workload a = whole.workload();
            Workload b = t.workload();
            assertThat(b.size()).isEqualTo(a.size());
            for (int j = 0; j < a.size(); j++) {
                assertThat(new long[] {b.id(j), b.submitSeconds(j), b.runtimeSeconds(j), b.estimateSeconds(j)})
                        .isEqualTo(new long[] {a.id(j), a.submitSeconds(j), a.runtimeSeconds(j), a.estimateSeconds(j)});
                assertThat(b.processors(j)).isEqualTo(a.processors(j));
            }
        }
    }

    /** A record with its memory fields: requested (field 10) and used (field 7), KiB per processor. */
    static String recWithMemory(long id, long submit, long run, long requestedKiB, long usedKiB) {
        return id + " " + submit + " -1 " + run + " 2 -1 " + usedKiB + " 2 " + (run + 10) + " " + requestedKiB
                + " 1 -1 -1 -1 -1 -1 -1 -1\n";
    }

    @Test
    void memoryColumnsFollowTheWorkloadOrderInOrderOrNot() {
        // skipped records (run time 0) in between, so kept and file positions differ
        String inOrder = "; MaxProcs: 8\n" + recWithMemory(1, 10, 5, 100, 10) + recWithMemory(2, 20, 0, 999, 999)
                + recWithMemory(3, 20, 5, 300, 30) + recWithMemory(4, 30, 5, 400, 40);
        SwfTrace a = parse(SwfOptions.DEFAULTS, inOrder);
        assertThat(a.workload().size()).isEqualTo(3);
        assertThat(a.memory().size()).isEqualTo(3);
        assertThat(a.memory().requestedKiB()).containsExactly(100, 300, 400);
        assertThat(a.memory().usedKiB()).containsExactly(10, 30, 40);
        // out of order: the memory columns are reordered exactly as the jobs (stable: ties keep file order)
        String outOfOrder = "; MaxProcs: 8\n" + recWithMemory(1, 30, 5, 100, 10) + recWithMemory(2, 20, 0, 999, 999)
                + recWithMemory(3, 10, 5, 300, 30) + recWithMemory(4, 30, 5, 400, 40)
                + recWithMemory(5, 10, 5, 500, 50);
        SwfTrace b = parse(SwfOptions.DEFAULTS, outOfOrder);
        Workload w = b.workload();
        assertThat(new long[] {w.id(0), w.id(1), w.id(2), w.id(3)}).containsExactly(3, 5, 1, 4);
        assertThat(b.memory().size()).isEqualTo(4);
        assertThat(b.memory().requestedKiB()).containsExactly(300, 500, 100, 400);
        assertThat(b.memory().usedKiB()).containsExactly(30, 50, 10, 40);
    }

    @Test
    void theColumnsSizeGuessChangesNothingRightOrWrong() throws IOException {
        StringBuilder text = new StringBuilder("; MaxProcs: 64\n");
        for (int j = 1; j <= 5000; j++) {
            text.append(rec(j, j * 7L, 10 + j % 50, 1 + j % 60, 1 + j % 30, j % 4 == 0 ? 5 : 100));
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        SwfColumns whole = SwfTokenizer.tokenize("t.swf", bytes);
        for (long guess : new long[] {-1, 1, 4_000, bytes.length / 3, bytes.length, bytes.length * 40L, 1L << 40}) {
            // small reads, so that the guess is made after a first buffer that holds few records
            java.io.InputStream trickle = new java.io.ByteArrayInputStream(bytes) {
                @Override
                public synchronized int read(byte[] b, int off, int len) {
                    return super.read(b, off, Math.min(len, 3_000));
                }
            };
            SwfColumns c = SwfTokenizer.tokenize("t.swf", trickle, guess);
            assertThat(c.size).as("guess %d", guess).isEqualTo(5000);
            assertThat(java.util.Arrays.copyOf(c.id, c.size)).isEqualTo(java.util.Arrays.copyOf(whole.id, 5000));
            assertThat(java.util.Arrays.copyOf(c.submit, c.size))
                    .isEqualTo(java.util.Arrays.copyOf(whole.submit, 5000));
            assertThat(java.util.Arrays.copyOf(c.run, c.size)).isEqualTo(java.util.Arrays.copyOf(whole.run, 5000));
            assertThat(java.util.Arrays.copyOf(c.alloc, c.size)).isEqualTo(java.util.Arrays.copyOf(whole.alloc, 5000));
            assertThat(java.util.Arrays.copyOf(c.req, c.size)).isEqualTo(java.util.Arrays.copyOf(whole.req, 5000));
            assertThat(java.util.Arrays.copyOf(c.reqTime, c.size))
                    .isEqualTo(java.util.Arrays.copyOf(whole.reqTime, 5000));
            assertThat(java.util.Arrays.copyOf(c.line, c.size)).isEqualTo(java.util.Arrays.copyOf(whole.line, 5000));
            if (guess == bytes.length) {
                assertThat(c.id.length)
                        .as("a right guess: one size, no doubling")
                        .isBetween(5000, 6000);
            }
        }
    }

    @Test
    void damagedGzipIsReportedEvenAfterABadRecord() throws IOException {
        Path gz = dir.resolve("bad-and-cut.swf.gz");
        java.io.ByteArrayOutputStream whole = new java.io.ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(whole)) {
            out.write(("; MaxProcs: 8\n1 2 3\n" + QUESTIONABLE.repeat(200)).getBytes(StandardCharsets.UTF_8));
        }
        byte[] b = whole.toByteArray();
        Files.write(gz, java.util.Arrays.copyOf(b, b.length - 12));
        assertThatThrownBy(() -> new SwfReader(SwfOptions.DEFAULTS).read(gz))
                .isInstanceOf(SwfFormatException.class)
                .hasMessageStartingWith(gz + ": the gzip data is damaged (");
        Files.write(gz, b);
        assertThatThrownBy(() -> new SwfReader(SwfOptions.DEFAULTS).read(gz))
                .isInstanceOf(SwfFormatException.class)
                .hasMessageStartingWith(gz + ":2: field 4 (run time): missing");
    }

    /** One read of the records serves every option set: each gives what a read of the file with it gives. */
    @Test
    void recordsReadOnceGiveWhatEachReadGives() throws IOException {
        Path f = dir.resolve("q.swf.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(f))) {
            out.write(QUESTIONABLE.getBytes(StandardCharsets.UTF_8));
        }
        SwfRecords records = SwfReader.records(f);
        assertThat(records.size()).isEqualTo(10);
        assertThat(records.headerProcessors()).isEqualTo(8);
        assertThat(records.source()).isEqualTo(f.toString());
        for (SwfOptions o : new SwfOptions[] {
            SwfOptions.DEFAULTS,
            SwfOptions.DEFAULTS.withMachineProcessors(4).withMaxJobs(3),
            SwfOptions.DEFAULTS.withSize(SwfOptions.SizeField.REQUESTED).withOverrun(SwfOptions.Overrun.EXTEND),
            SwfOptions.DEFAULTS.withMachineProcessors(16)
        }) {
            SwfTrace once = new SwfReader(o).trace(records);
            SwfTrace read = new SwfReader(o).read(f);
            assertThat(once.countsByKey()).isEqualTo(read.countsByKey());
            assertThat(once.records()).isEqualTo(read.records());
            assertThat(once.adjusted()).isEqualTo(read.adjusted());
            assertThat(once.headerProcessors()).isEqualTo(read.headerProcessors());
            Workload a = once.workload();
            Workload b = read.workload();
            assertThat(a.machineProcessors()).isEqualTo(b.machineProcessors());
            assertThat(a.size()).isEqualTo(b.size()).isPositive();
            for (int j = 0; j < a.size(); j++) {
                assertThat(List.of(a.id(j), a.submitSeconds(j), a.runtimeSeconds(j), a.estimateSeconds(j)))
                        .isEqualTo(List.of(b.id(j), b.submitSeconds(j), b.runtimeSeconds(j), b.estimateSeconds(j)));
                assertThat(a.processors(j)).isEqualTo(b.processors(j));
                assertThat(a.killed(j)).isEqualTo(b.killed(j));
            }
        }
        assertThatThrownBy(() -> SwfReader.records(dir.resolve("none.swf")))
                .isInstanceOf(SwfFormatException.class)
                .hasMessage(dir.resolve("none.swf") + ": no such file");
    }

    /** Issue 22: a job number given twice is refused with both lines (the last record used to win silently). */
    @Test
    void aJobNumberGivenTwiceIsRefusedWithBothLines() throws IOException {
        String text = "; MaxProcs: 8\n" + rec(1, 0, 10, 1, 1, 10) + rec(12, 1, 10, 1, 1, 10) + rec(3, 2, 10, 1, 1, 10)
                + rec(12, 3, 10, 1, 1, 10);
        assertThatThrownBy(() -> parse(SwfOptions.DEFAULTS, text))
                .isInstanceOf(SwfFormatException.class)
                .hasMessage("t.swf:5: field 1 (job number): job 12 is given twice (first on line 3); expected every"
                        + " job number once");
        Path gz = dir.resolve("d.swf.gz");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
            o.write(text.getBytes(StandardCharsets.UTF_8));
        }
        assertThatThrownBy(() -> SwfReader.records(gz)).hasMessageContaining(gz + ":5: field 1 (job number): job 12");
        // numbers out of order but each once are fine
        assertThat(parse(SwfOptions.DEFAULTS, "; MaxProcs: 8\n" + rec(2, 0, 10, 1, 1, 10) + rec(1, 1, 10, 1, 1, 10))
                        .records())
                .isEqualTo(2);
    }

    /** A gzip stream cut short says so, never "(null)". */
    @Test
    void aGzipCutShortSaysSo() throws IOException {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        try (OutputStream o = new GZIPOutputStream(b)) {
            o.write(QUESTIONABLE.getBytes(StandardCharsets.UTF_8));
        }
        byte[] all = b.toByteArray();
        Path cut = Files.write(dir.resolve("cut.swf.gz"), java.util.Arrays.copyOf(all, all.length / 2));
        assertThatThrownBy(() -> new SwfReader(SwfOptions.DEFAULTS).read(cut))
                .hasMessageContaining("gzip data is damaged")
                .hasMessageNotContaining("null");
    }
}
