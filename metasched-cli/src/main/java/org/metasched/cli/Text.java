package org.metasched.cli;

/** User text as it may appear in a one-line message: control characters escaped, cut after 40 characters. */
final class Text {
    private Text() {}

    static String cut(String s) {
        return org.metasched.io.Text.shown(s);
    }
}
