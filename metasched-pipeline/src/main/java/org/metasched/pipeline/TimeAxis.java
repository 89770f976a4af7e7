package org.metasched.pipeline;

/**
 * A unit for times given in seconds, chosen so that axis labels stay short: seconds up to 3 minutes, minutes up to
 * 3 hours, hours up to 3 days, days beyond.
 *
 * @param name the unit as written in axis titles ("s", "min", "h", "days")
 * @param seconds seconds per unit
 */
public record TimeAxis(String name, double seconds) {
    public static TimeAxis forSpan(double spanSeconds) {
        if (spanSeconds > 3 * 86_400) {
            return new TimeAxis("days", 86_400);
        }
        if (spanSeconds > 3 * 3600) {
            return new TimeAxis("h", 3600);
        }
        if (spanSeconds > 180) {
            return new TimeAxis("min", 60);
        }
        return new TimeAxis("s", 1);
    }

    public double of(double secondsValue) {
        return secondsValue / seconds;
    }

    public double[] of(double[] secondsValues) {
        double[] out = new double[secondsValues.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = secondsValues[i] / seconds;
        }
        return out;
    }

    /** An axis title with the unit: {@code "wait (h)"}. */
    public String title(String quantity) {
        return quantity + " (" + name + ")";
    }
}
