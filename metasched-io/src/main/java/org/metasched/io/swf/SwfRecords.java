package org.metasched.io.swf;

/**
 * The records of one SWF file as read, before any rule ({@link SwfReader#records}): its header sizes and the used
 * fields of every record, in file order, in primitive arrays (64 bytes a record). Immutable; one read serves any
 * number of {@link SwfReader#trace} calls with different options.
 */
public final class SwfRecords {
    private final String source;
    private final SwfColumns raw;

    SwfRecords(String source, SwfColumns raw) {
        this.source = source;
        this.raw = raw;
    }

    /** The file as named by the caller (used in messages). */
    public String source() {
        return source;
    }

    /** Job records read (lines that are not comments or blank). */
    public int size() {
        return raw.size;
    }

    /** The machine size of the header ({@code MaxProcs}, else {@code MaxNodes}), 0 if none. */
    public int headerProcessors() {
        return raw.maxProcs > 0 ? raw.maxProcs : raw.maxNodes;
    }

    SwfColumns raw() {
        return raw;
    }
}
