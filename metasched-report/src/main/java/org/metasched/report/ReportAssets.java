package org.metasched.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * The report page's resources (its template, its scripts and the ECharts library, about a megabyte), read from the
 * class path or from a copy of them beside the jar. The launcher makes the copy once per jar, from the jar itself
 * ({@link #main}: a zip whose entries are stored, not compressed), and names it in the system property {@value
 * #PROPERTY}: a page then costs a read of that small file instead of opening the jar, whose 13,000 entries the class
 * loader indexes first, and inflating the library (KTH-SP2 with the report: 0.93 of the wall and of the CPU,
 * docs/performance.md). Without the property, or when the copy cannot be read or lacks an entry, every resource
 * comes from the class path, as it did before.
 */
public final class ReportAssets {
    /** The system property naming the copy (a file); the launcher sets it. */
    public static final String PROPERTY = "metasched.report.assets";

    static final String TEMPLATE = "org/metasched/report/report-template.html";
    static final String GANTT_SCRIPT = "org/metasched/report/report-gantt.js";
    static final String SCRIPT = "org/metasched/report/report.js";
    static final String ECHARTS = "META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";

    /** The resources, in the copy's order. */
    static final List<String> NAMES = List.of(TEMPLATE, GANTT_SCRIPT, SCRIPT, ECHARTS);

    private ReportAssets() {}

    /**
     * Writes the copy of the resources, read from the class path, to the file {@code args[0]} (replaced if there).
     * Exit 0 when written, 1 (with a line on standard error) when not.
     */
    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: ReportAssets FILE");
            System.exit(1);
        }
        try {
            write(Path.of(args[0]));
        } catch (IOException | RuntimeException e) {
            System.err.println("cannot write the report's assets to " + args[0] + ": " + e.getMessage());
            System.exit(1);
        }
    }

    /** Writes every resource, from the class path, into the zip {@code file} as stored (uncompressed) entries. */
    static void write(Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file);
                ZipOutputStream zip = new ZipOutputStream(out)) {
            for (String name : NAMES) {
                byte[] bytes = fromClassPath(name);
                CRC32 crc = new CRC32();
                crc.update(bytes);
                ZipEntry e = new ZipEntry(name);
                e.setMethod(ZipEntry.STORED);
                e.setSize(bytes.length);
                e.setCompressedSize(bytes.length);
                e.setCrc(crc.getValue());
                e.setTime(0);
                zip.putNextEntry(e);
                zip.write(bytes);
                zip.closeEntry();
            }
        }
    }

    /** The resources by name: from the copy {@value #PROPERTY} names when it holds them all, else the class path. */
    static Map<String, byte[]> read() {
        String copy = System.getProperty(PROPERTY);
        return read(copy == null || copy.isEmpty() ? null : Path.of(copy));
    }

    /** The same, from the copy {@code file} (may be null). */
    static Map<String, byte[]> read(Path file) {
        Map<String, byte[]> resources = file == null ? null : fromCopy(file);
        if (resources == null) {
            resources = new LinkedHashMap<>();
            for (String name : NAMES) {
                resources.put(name, fromClassPath(name));
            }
        }
        return resources;
    }

    /** Every resource from the copy, or null when it cannot be read or lacks one. */
    private static Map<String, byte[]> fromCopy(Path file) {
        try (ZipFile zip = new ZipFile(file.toFile())) {
            Map<String, byte[]> resources = new LinkedHashMap<>();
            for (String name : NAMES) {
                ZipEntry e = zip.getEntry(name);
                if (e == null) {
                    return null;
                }
                try (InputStream in = zip.getInputStream(e)) {
                    resources.put(name, in.readAllBytes());
                }
            }
            return resources;
        } catch (IOException | RuntimeException e) {
            return null; // the class path has them all the same
        }
    }

    private static byte[] fromClassPath(String name) {
        try (InputStream in = ReportAssets.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " is missing from the classpath;"
                        + " is the org.webjars.npm:echarts:5.3.1 dependency present?");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + name, e);
        }
    }
}
