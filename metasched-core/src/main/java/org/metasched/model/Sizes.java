package org.metasched.model;

import java.util.Locale;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The one rule for sizes a user asks for: every size is checked against what it will allocate (or how long it will
 * run) before any work starts, and one too large is an {@link InputFormatException} naming the request, what it
 * would need and the limit, instead of an out-of-memory error after many seconds. The systems' configuration types
 * call {@link #atMost} from their own checks (a later per-system parameter schema can call the same), with their
 * own estimate of the bytes per unit.
 */
public final class Sizes {
    private Sizes() {}

    /**
     * The heap this JVM may use ({@code -Xmx}; {@code METASCHED_JAVA_OPTS} sets it for the launcher), the limit of
     * every estimate in bytes.
     */
    public static long heap() {
        return Runtime.getRuntime().maxMemory();
    }

    /**
     * Fails when {@code count} units of {@code bytesEach} bytes need more than the heap, or when {@code count}
     * exceeds {@code limit} (the units a run of reasonable length handles, or an array's bound).
     *
     * @param what the request as the user gave it, e.g. {@code "--machines 100000000"}
     * @param units what is counted, plural, e.g. {@code "machines"}
     * @param count how many the request makes
     * @param limit the most that is accepted
     * @param bytesEach the memory each takes
     * @param wayOut what to do instead, e.g. {@code "give fewer machines"}
     * @throws InputFormatException one line: the request, its need, the limit and the way out
     */
    public static void atMost(String what, String units, double count, double limit, double bytesEach, String wayOut) {
        atMost(n -> what, units, count, limit, bytesEach, n -> wayOut);
    }

    /**
     * {@link #atMost(String, String, double, double, double, String)} with the request and the way out naming
     * parameters in the vocabulary of the surface that reads the message ({@link ParameterException}).
     */
    public static void atMost(
            Function<UnaryOperator<String>, String> what,
            String units,
            double count,
            double limit,
            double bytesEach,
            Function<UnaryOperator<String>, String> wayOut) {
        double need = count * bytesEach;
        double heap = heap();
        if (count <= limit && need <= heap) {
            return;
        }
        double fits = bytesEach > 0 ? Math.floor(heap / bytesEach) : Double.POSITIVE_INFINITY;
        String most = fits < limit
                ? String.format(
                        Locale.ROOT,
                        "%s %s, what fits the JVM's heap of %s (METASCHED_JAVA_OPTS=-Xmx... gives it more)",
                        count(fits),
                        units,
                        memory(heap))
                : String.format(
                        Locale.ROOT,
                        "%s %s%s",
                        count(limit),
                        units,
                        bytesEach > 0 && need > heap ? " (" + memory(limit * bytesEach) + ")" : "");
        // the memory only where the heap is what runs out: 10 001 runs of 4 KiB are refused by the count alone
        String needs = bytesEach > 0 && need > heap ? " would need " + memory(need) + " of memory" : "";
        throw new ParameterException(names -> String.format(
                Locale.ROOT,
                "%s: %s %s%s; the limit is %s; %s",
                what.apply(names),
                count(count),
                units,
                needs,
                most,
                wayOut.apply(names)));
    }

    /** Why a whole number past 2^53 is refused, as the messages of the service and its client say it. */
    public static final String DOUBLES_SKIP_WHOLE_NUMBERS =
            "every one up to 2^53 = 9007199254740992, past which doubles skip whole numbers";

    /** Whether the whole number {@code whole}, read as the double {@code d}, became another number (only past 2^53). */
    public static boolean roundedWholeNumber(java.math.BigDecimal whole, double d) {
        return whole.compareTo(new java.math.BigDecimal(d)) != 0;
    }

    /** A count for messages: whole numbers as such up to 10^15, else in scientific notation. */
    public static String count(double n) {
        if (n == Math.rint(n) && Math.abs(n) < 1e15) {
            return String.format(Locale.ROOT, "%,d", (long) n).replace(',', ' ');
        }
        if (Math.abs(n) >= 1e-4 && Math.abs(n) < 1e15) {
            return new java.math.BigDecimal(n)
                    .round(new java.math.MathContext(4))
                    .stripTrailingZeros()
                    .toPlainString();
        }
        return String.format(Locale.ROOT, "%.3g", n);
    }

    /**
     * A least value as a hint gives it ("give a volume of at least ..."): {@code n} (positive) rounded up to four
     * significant digits, so that the value shown meets the bound, written as a file or a request takes it (no
     * spaces; plain from 1e-4 to 1e15, else as {@code 9.008E+15}). {@link #count} rounds to the nearest: a hint of
     * 9007000000 for a least volume of 9007199254.7 was refused again.
     */
    public static String atLeast(double n) {
        java.math.BigDecimal up = new java.math.BigDecimal(n)
                .round(new java.math.MathContext(4, java.math.RoundingMode.CEILING))
                .stripTrailingZeros();
        return Math.abs(n) >= 1e-4 && Math.abs(n) < 1e15 ? up.toPlainString() : up.toString();
    }

    /** Bytes in the largest binary unit that keeps the number at least 1, e.g. {@code "9.3 GiB"}. */
    public static String memory(double bytes) {
        String[] unit = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < unit.length - 1) {
            v /= 1024;
            u++;
        }
        if (u == unit.length - 1 && v >= 1024) {
            return String.format(Locale.ROOT, "%.3g bytes", bytes);
        }
        return u == 0 ? String.format(Locale.ROOT, "%.0f bytes", v) : String.format(Locale.ROOT, "%.1f %s", v, unit[u]);
    }
}
