package org.metasched.model;

/**
 * How long each slot of a window is occupied (spec section 1.4, decision D1).
 *
 * <ul>
 *   <li>{@link #COMMON} (P000, P003): every slot is reserved for {@code T = V / min p} of the window; cost {@code
 *       sum T * c_i}; processor time {@code n * T}.
 *   <li>{@link #ROUGH} (P002): the slot on node i is reserved for {@code V / p_i}; cost {@code sum c_i * V / p_i};
 *       window runtime is the longest of them; processor time {@code sum V / p_i}.
 * </ul>
 */
public enum Geometry {
    COMMON,
    ROUGH;

    /** Parses {@code common} or {@code rough}, case-insensitively. */
    public static Geometry parse(String text) {
        for (Geometry g : values()) {
            if (g.name().equalsIgnoreCase(text.trim())) {
                return g;
            }
        }
        throw new IllegalArgumentException("unknown geometry '" + text + "', expected common or rough");
    }
}
