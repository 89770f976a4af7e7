package org.metasched.model;

/**
 * A computing node: its position in the domain, a display id, its performance (work units per time unit) and
 * its unit price (currency per time unit of occupation).
 *
 * @param index position in the domain, 0-based; breaks ties in slot order (spec section 0.2)
 * @param id the name users see
 * @param performance speed {@code p > 0}: a task of volume V runs {@code V / p} time units here
 * @param unitPrice {@code c >= 0}: occupying the node for time {@code tau} costs {@code c * tau}
 */
public record Node(int index, String id, double performance, double unitPrice) {
    public Node {
        if (index < 0) {
            throw new IllegalArgumentException("node index must be >= 0, got " + index);
        }
        if (!(performance > 0) || !Double.isFinite(performance)) {
            throw new IllegalArgumentException(
                    "node " + id + ": performance must be a finite number > 0, got " + performance);
        }
        if (!(unitPrice >= 0) || !Double.isFinite(unitPrice)) {
            throw new IllegalArgumentException("node " + id + ": price must be a finite number >= 0, got " + unitPrice);
        }
        if (id == null) {
            id = "n" + index;
        }
    }

    public static Node of(int index, double performance, double unitPrice) {
        return new Node(index, "n" + index, performance, unitPrice);
    }
}
