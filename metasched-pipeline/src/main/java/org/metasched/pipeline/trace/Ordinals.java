package org.metasched.pipeline.trace;

/** English ordinals for captions: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st. */
final class Ordinals {
    private Ordinals() {}

    static String of(int n) {
        int lastTwo = Math.abs(n) % 100;
        if (lastTwo >= 11 && lastTwo <= 13) {
            return n + "th";
        }
        return switch (Math.abs(n) % 10) {
            case 1 -> n + "st";
            case 2 -> n + "nd";
            case 3 -> n + "rd";
            default -> n + "th";
        };
    }
}
