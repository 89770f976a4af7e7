package org.metasched.io;

import java.io.Writer;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.PrettyPrinter;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.JsonRecyclerPools;
import tools.jackson.core.util.Separators;

/**
 * The JSON writer of metasched's files and printed results: Jackson's streaming generator (jackson-core alone;
 * the databind layer costs a noticeable part of a one-second command to start), in the two layouts metasched
 * writes.
 */
public final class JsonOutput {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET) // the caller owns the writer
            // each thread keeps its own buffers: the default pool, one deque shared by every thread, cost the
            // service a few per cent of each request under load (metasched runs on platform threads only)
            .recyclerPool(JsonRecyclerPools.threadLocalPool())
            .build();

    private JsonOutput() {}

    /**
     * The layout of {@code summary.json}: two-space indent, {@code "name": value}, {@code {}} for an empty object.
     */
    public static JsonGenerator files(Writer out) {
        Separators s = Separators.createDefaultInstance()
                .withObjectNameValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("");
        DefaultIndenter lines = new DefaultIndenter("  ", "\n");
        return generator(
                out, new DefaultPrettyPrinter(s).withObjectIndenter(lines).withArrayIndenter(lines));
    }

    /** The layout of {@code select}'s output: Jackson's default pretty printer ({@code "name" : value}). */
    public static JsonGenerator printed(Writer out) {
        return generator(out, new DefaultPrettyPrinter());
    }

    /** No whitespace at all: the service's responses and stored records. */
    public static JsonGenerator compact(Writer out) {
        return FACTORY.createGenerator(ObjectWriteContext.empty(), out);
    }

    /** A finite number as is, anything else as {@code null} (JSON has no NaN or infinity). */
    public static void number(JsonGenerator g, double v) {
        if (Double.isFinite(v)) {
            g.writeNumber(v);
        } else {
            g.writeNull();
        }
    }

    /** A property whose value is {@link #number(JsonGenerator, double)}: a finite number as is, else {@code null}. */
    public static void number(JsonGenerator g, String name, double v) {
        g.writeName(name);
        number(g, v);
    }

    private static JsonGenerator generator(Writer out, PrettyPrinter printer) {
        ObjectWriteContext context = new ObjectWriteContext.Base() {
            @Override
            public PrettyPrinter getPrettyPrinter() {
                return printer;
            }

            @Override
            public boolean hasPrettyPrinter() {
                return true;
            }
        };
        return FACTORY.createGenerator(context, out);
    }
}
