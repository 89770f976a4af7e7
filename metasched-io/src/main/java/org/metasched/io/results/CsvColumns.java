package org.metasched.io.results;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * A CSV table as a list of columns, each a name and the way to get its value from a row: the header and every row
 * come from the same list, so they cannot drift apart. The one CSV writer of metasched's result files.
 *
 * <p>Build the list once ({@code CsvColumns.<Job>of().integer("id", Job::id).decimal("start", Job::start)}) and
 * {@link #write} the rows. Numbers are written as Java prints them: integers in decimal, {@link #decimal} with
 * {@link Double#toString}, {@link #plainDecimal} with its digits and no exponent ({@link #plainSum}: an origin plus
 * such a value, exactly), {@link #fixed6} rounded to 6 decimals. {@link #text} cells hold any value's {@code
 * toString} in UTF-8, quoted the way commons-csv's default format quotes (when the cell is empty and first on its
 * line, starts with a character up to {@code #}, holds a comma, a quote or a line break, or ends in a space or a
 * control character; a quote inside is doubled), so a name with a comma does not break the columns. Lines end in
 * {@code \n}. The bytes pass through one buffer handed to the stream every {@value #CHUNK} bytes, with no string per
 * whole number or {@link #fixed6} value. The cells of {@link #integer} and {@link #fixed6} and the rows of {@link
 * #indices} are classes, not lambdas: {@code simulate}'s {@code timeseries.csv} is written with them, and {@code
 * simulate} links no lambda (docs/performance.md, "No lambdas on simulate's path").
 *
 * @param <T> the row type
 */
public final class CsvColumns<T> {
    /** Bytes formatted before they are handed to the stream. */
    static final int CHUNK = 1 << 16;

    /** Appends one cell's value (without the comma before it) to the line; {@code first}: first on its line. */
    @FunctionalInterface
    interface Cell<T> {
        void append(T row, AsciiBuffer line, boolean first);
    }

    private final List<String> names;
    private final List<Cell<? super T>> cells;

    private CsvColumns(List<String> names, List<Cell<? super T>> cells) {
        this.names = List.copyOf(names);
        this.cells = List.copyOf(cells);
    }

    /** No columns yet. */
    public static <T> CsvColumns<T> of() {
        return new CsvColumns<>(List.of(), List.of());
    }

    /** These columns and then {@code name}, written by {@code cell}. */
    CsvColumns<T> cell(String name, Cell<? super T> cell) {
        List<String> n = new ArrayList<>(names);
        n.add(name);
        List<Cell<? super T>> c = new ArrayList<>(cells);
        c.add(cell);
        return new CsvColumns<>(n, c);
    }

    /** A whole number. */
    public CsvColumns<T> integer(String name, ToLongFunction<? super T> value) {
        return cell(
                name,
                new Cell<T>() { // not a lambda, nor fixed6's: simulate's timeseries.csv (class comment)
                    @Override
                    public void append(T row, AsciiBuffer line, boolean first) {
                        line.append(value.applyAsLong(row));
                    }
                });
    }

    /** A double as {@link Double#toString} prints it ({@code 1.0}, {@code 2.5E7}, {@code NaN}). */
    public CsvColumns<T> decimal(String name, ToDoubleFunction<? super T> value) {
        return cell(name, (row, line, first) -> line.append(Double.toString(value.applyAsDouble(row))));
    }

    /**
     * A double with the digits {@link Double#toString} gives it, written without an exponent, as {@code simulate}
     * writes its times: {@code 1.7E15} as {@code 1700000000000000.0}, {@code 1.0E-4} as {@code 0.0001}; {@code 600.0},
     * {@code NaN} and {@code Infinity} as {@link #decimal} writes them. The same value (it reads back to the same
     * double), only never in exponent form.
     */
    public CsvColumns<T> plainDecimal(String name, ToDoubleFunction<? super T> value) {
        return cell(name, (row, line, first) -> line.append(plain(value.applyAsDouble(row))));
    }

    /** {@link Double#toString}'s digits of {@code v} without an exponent, one decimal at least. */
    static String plain(double v) {
        String s = Double.toString(v);
        if (s.indexOf('E') < 0) { // NaN, the infinities, and 10^-3 <= |v| < 10^7
            return s;
        }
        return plain(new java.math.BigDecimal(s));
    }

    /** {@code d} without an exponent or trailing zeros, one decimal at least ({@code 1700000000000000.0}). */
    private static String plain(java.math.BigDecimal d) {
        String p = d.stripTrailingZeros().toPlainString();
        return p.indexOf('.') < 0 ? p + ".0" : p;
    }

    /**
     * {@code origin + value} written exactly, without an exponent: the two added as the decimals {@link #plainDecimal}
     * writes them, so that a time on a model's clock rebased from a late trace ({@code origin} 1.7e15, where a double
     * resolves 0.25 s) is written as that time plus the origin, to the last digit: {@code 554750.3333} after {@code
     * 1.7E15} as {@code 1700000000554750.3333}, not the nearest double's {@code 1700000000554750.2}. With {@code
     * origin} 0 the cell is {@link #plainDecimal}'s of {@code value}; a value that is not finite is written as is.
     */
    public CsvColumns<T> plainSum(String name, ToDoubleFunction<? super T> origin, ToDoubleFunction<? super T> value) {
        return cell(
                name, (row, line, first) -> line.append(plainSum(origin.applyAsDouble(row), value.applyAsDouble(row))));
    }

    /** {@code origin + v} as an exact decimal without exponent, as the column above writes it. */
    static String plainSum(double origin, double v) {
        if (origin == 0) {
            return plain(v);
        }
        if (!Double.isFinite(v) || !Double.isFinite(origin)) {
            return plain(origin + v);
        }
        return plain(
                new java.math.BigDecimal(Double.toString(origin)).add(new java.math.BigDecimal(Double.toString(v))));
    }

    /** As {@link #decimal}, but an empty cell for {@code NaN} (a value that does not exist, such as one run's CI). */
    public CsvColumns<T> decimalOrBlank(String name, ToDoubleFunction<? super T> value) {
        return cell(name, (row, line, first) -> {
            double v = value.applyAsDouble(row);
            appendText(line, Double.isNaN(v) ? "" : Double.toString(v), first);
        });
    }

    /** A double rounded to 6 decimals, trailing zeros dropped but one kept ({@code 2.4}, {@code 0.333333}). */
    public CsvColumns<T> fixed6(String name, ToDoubleFunction<? super T> value) {
        return cell(name, new Cell<T>() {
            @Override
            public void append(T row, AsciiBuffer line, boolean first) {
                line.appendFixed6(value.applyAsDouble(row));
            }
        });
    }

    /** Any value's {@code toString} (nothing for {@code null}), quoted where needed. */
    public CsvColumns<T> text(String name, Function<? super T, ?> value) {
        return cell(name, (row, line, first) -> {
            Object v = value.apply(row);
            if (v != null) {
                appendText(line, v.toString(), first);
            }
        });
    }

    /** These columns and then {@code columns} of each row's {@code part}, their names prefixed by {@code prefix}. */
    public <U> CsvColumns<T> nested(String prefix, Function<? super T, ? extends U> part, CsvColumns<U> columns) {
        CsvColumns<T> out = this;
        for (int c = 0; c < columns.names.size(); c++) {
            Cell<? super U> cell = columns.cells.get(c);
            out = out.cell(
                    prefix + columns.names.get(c), (row, line, first) -> cell.append(part.apply(row), line, first));
        }
        return out;
    }

    /** The column names, in order. */
    public List<String> names() {
        return names;
    }

    /** Writes the header and one line per row to {@code file} (created or replaced). */
    public void write(Path file, Iterable<? extends T> rows) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            write(out, rows);
        }
    }

    /** Writes the header and one line per row to {@code out}, which is left open. */
    public void write(OutputStream out, Iterable<? extends T> rows) throws IOException {
        AsciiBuffer b = new AsciiBuffer(CHUNK + 4096);
        for (int c = 0; c < names.size(); c++) {
            if (c > 0) {
                b.append(',');
            }
            appendText(b, names.get(c), c == 0);
        }
        b.append('\n');
        int n = cells.size();
        for (T row : rows) {
            for (int c = 0; c < n; c++) {
                if (c > 0) {
                    b.append(',');
                }
                cells.get(c).append(row, b, c == 0);
            }
            b.append('\n');
            if (b.size() >= CHUNK) {
                b.writeTo(out);
            }
        }
        b.writeTo(out);
    }

    /**
     * A table whose columns are data (a sweep's parameters, a paper table's columns): {@code header}, then each row's
     * values as {@link #text} cells.
     */
    public static void write(Path file, List<String> header, List<? extends List<?>> rows) throws IOException {
        CsvColumns<List<?>> columns = of();
        for (int c = 0; c < header.size(); c++) {
            int column = c;
            columns = columns.text(header.get(c), row -> row.get(column));
        }
        columns.write(file, rows);
    }

    /** The numbers {@code 0 .. n-1}, as the rows of a table read by index (a time series). */
    public static Iterable<Integer> indices(int n) {
        return new Iterable<>() { // not a stream's iterator: the stream classes link lambdas (class comment)
            @Override
            public Iterator<Integer> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < n;
                    }

                    @Override
                    public Integer next() {
                        if (next >= n) {
                            throw new NoSuchElementException();
                        }
                        return next++;
                    }
                };
            }
        };
    }

    private static void appendText(AsciiBuffer line, String s, boolean first) {
        if (!needsQuotes(s, first)) {
            line.appendUtf8(s);
            return;
        }
        line.append('"').appendUtf8(s.replace("\"", "\"\"")).append('"');
    }

    /** commons-csv's {@code QuoteMode.MINIMAL} with its default format's quote and delimiter. */
    static boolean needsQuotes(String s, boolean first) {
        if (s.isEmpty()) {
            return first; // else an empty first cell of a one-column table would be an empty line
        }
        if (s.charAt(0) <= '#' || s.charAt(s.length() - 1) <= ' ') {
            return true;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                return true;
            }
        }
        return false;
    }
}
