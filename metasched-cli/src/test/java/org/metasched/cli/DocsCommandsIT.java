package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22, "docs that match the tool": every {@code ./metasched ...} command line in a code block of README.md and
 * docs/*.md is run as written, by bash, in a copy of the repository's layout (examples/ and ../shared/traces linked
 * in, {@code ./metasched} the packaged jar), in page order, and must exit 0, or the code its comment names ({@code #
 * exit 3}). Synopses (with {@code [options]}, {@code a|b} or placeholders in capitals) are not command lines. A
 * {@code sweep-merge} of {@code ...-shard-*-of-N} runs the N shards first, as the page's Slurm array would.
 *
 * <p>Skipped, each with one line on standard output: the timing scripts' comparison with a previous build and their
 * generated 1,000-cell sweep; commands whose {@code --input} is a file in /tmp that a script on the page generates;
 * commands on the shared traces when they are absent; commands whose page says they take 30 s or more, the 36-cell
 * {@code sweep-policies.yaml} and the Spark engine, unless {@code -Dmetasched.docs.all=true} (they would double
 * {@code ./mvnw verify}'s time).
 */
class DocsCommandsIT {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern PLACEHOLDER = Pattern.compile("\\b(FILE|DIR|TARGET|URL|HOST|NAME|CRIT|KIND)\\b|\\$|"
            + "\\bT\\.swf|\\bP\\b|\\bF\\b|\\bR\\b|\\bS\\b|\\bK\\b|\\bN\\b");
    private static final Pattern SECONDS = Pattern.compile("(\\d+(?:\\.\\d+)?) s\\b");
    private static final Pattern EXIT = Pattern.compile("\\bexit (\\d+)\\b");

    @TempDir
    static Path work;

    /** One command line of a page: where it is, the command, the exit code the page expects, why it is skipped. */
    record Line(String page, int line, String command, int exit, String skip) {}

    /** {@code serve}, the client commands of a running service and {@code journal} (on a database serve made). */
    private static final java.util.regex.Pattern SERVICE = java.util.regex.Pattern.compile(
            "(^|\\s)\\./metasched (serve|submit|jobs|nodes|cycle|clock|quote|accounts|journal)( |$)");

    static List<Line> lines() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(REPO.resolve("README.md")));
        try (Stream<Path> s = Files.list(REPO.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        boolean all = Boolean.getBoolean("metasched.docs.all");
        boolean traces = Files.isDirectory(tracesDir());
        List<Line> found = new ArrayList<>();
        for (Path page : pages) {
            List<String> text = Files.readAllLines(page, StandardCharsets.UTF_8);
            boolean fenced = false;
            for (int i = 0; i < text.size(); i++) {
                String raw = text.get(i);
                if (raw.strip().startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                boolean indented = !fenced && raw.startsWith("    ") && indentedCode(text, i);
                String l =
                        raw.strip().replaceFirst("^\\$ ", "").replaceFirst("^/usr/bin/time (-v |-f \"[^\"]*\" )?", "");
                if (!(fenced || indented) || !l.startsWith("./metasched ")) {
                    continue;
                }
                int at = i + 1;
                StringBuilder cmd = new StringBuilder();
                while (l.endsWith("\\") && i + 1 < text.size()) {
                    cmd.append(l, 0, l.length() - 1).append(' ');
                    l = text.get(++i).strip();
                }
                cmd.append(l);
                String comment = "";
                int hash = cmd.indexOf(" #");
                if (hash >= 0) {
                    comment = cmd.substring(hash + 2);
                    cmd.setLength(hash);
                }
                String c = cmd.toString().strip().replaceAll("\\s+", " ");
                String name = REPO.relativize(page) + ":" + at;
                if (c.contains("[") || c.contains("|") || PLACEHOLDER.matcher(c).find()) {
                    continue; // a synopsis, not a command line
                }
                Matcher e = EXIT.matcher(comment);
                int exit = e.find() ? Integer.parseInt(e.group(1)) : 0;
                Matcher t = SECONDS.matcher(comment);
                String skip = null;
                if (SERVICE.matcher(c).find() || name.startsWith("docs/service.md:")) {
                    skip = "the service (serve runs until stopped; its page's commands need it running):"
                            + " WebViewBrowserIT walks the quick start against a real serve";
                } else if (c.contains("../before/")) {
                    skip = "a timing that compares with the previous build at ../before";
                } else if (c.matches(".*--spec results/.*")) {
                    skip = "its sweep file (1,000 cells) is made by the script lines before it on the page";
                } else if (c.matches(".*--input /tmp/.*")) {
                    skip = "its input is made in /tmp by the script lines before it on the page";
                } else if (c.contains("../shared/traces") && !traces) {
                    skip = "the shared traces are not at " + tracesDir();
                } else if (!all && t.find() && Double.parseDouble(t.group(1)) >= 30) {
                    skip = "its page says " + t.group() + "; -Dmetasched.docs.all=true runs it";
                } else if (!all && c.contains("sweep-policies")) {
                    skip = "36 cells on the shared traces, about a minute; -Dmetasched.docs.all=true runs it";
                } else if (c.contains("--engine spark") && (!all || !sparkBuilt())) {
                    skip = "the Spark engine (built after this module);"
                            + " -Dmetasched.docs.all=true after a build runs it";
                }
                found.add(new Line(name, at, c, exit, skip));
            }
        }
        return found;
    }

    /** A line indented by four spaces inside a run of such lines that began after a blank line. */
    private static boolean indentedCode(List<String> text, int i) {
        int j = i - 1;
        while (j >= 0 && text.get(j).startsWith("    ")) {
            j--;
        }
        return j < 0 || text.get(j).isBlank();
    }

    private static Path tracesDir() {
        return Path.of(System.getProperty("metasched.traces", "../shared/traces"))
                .toAbsolutePath()
                .normalize();
    }

    private static boolean sparkBuilt() {
        return Files.isRegularFile(REPO.resolve("metasched-spark/target/metasched-spark.jar"));
    }

    @TestFactory
    Stream<DynamicTest> everyCommandLineOfTheDocsRunsAsWritten() throws IOException {
        Path repo = Files.createDirectories(work.resolve("repo"));
        Files.createSymbolicLink(repo.resolve("examples"), REPO.resolve("examples"));
        Path shared = Files.createDirectories(work.resolve("shared"));
        if (Files.isDirectory(tracesDir())) {
            Files.createSymbolicLink(shared.resolve("traces"), tracesDir());
        }
        Path launcher = repo.resolve("metasched");
        Files.writeString(
                launcher,
                "#!/usr/bin/env bash\nexec java -XX:TieredStopAtLevel=1 -jar '" + JarRunner.JAR + "' \"$@\"\n");
        launcher.toFile().setExecutable(true);
        List<Line> lines = lines();
        // the pages' command lines are found (skipped ones included), and the skips do not swallow them: without
        // ../shared/traces most lines are skipped (visibly), so the runnable count is checked apart from them
        assertThat(lines).as("command lines found in README.md and docs/").hasSizeGreaterThan(60);
        assertThat(lines.stream()
                        .filter(l -> l.skip() == null && !l.command().contains("../shared/traces"))
                        .count())
                .as("command lines of README.md and docs/ that run without the shared traces")
                .isGreaterThan(10);
        return lines.stream()
                .map(l -> DynamicTest.dynamicTest(l.page() + ": " + l.command(), () -> {
                    if (l.skip() != null) {
                        System.out.println(
                                "DocsCommandsIT: skipped " + l.page() + " (" + l.skip() + "): " + l.command());
                        return;
                    }
                    Matcher shards = Pattern.compile("sweep-merge \\S*?-shard-\\*-of-(\\d+)")
                            .matcher(l.command());
                    if (shards.find()) {
                        String spec = "examples/"
                                + l.command().replaceFirst(".*sweep-merge \\S*?/sweep-(.+?)-shard.*", "$1") + ".yaml";
                        int n = Integer.parseInt(shards.group(1));
                        for (int i = 1; i <= n; i++) {
                            run(
                                    repo,
                                    l.page(),
                                    "./metasched sweep --spec " + spec + " --shard " + i + "/" + n + " --no-progress",
                                    0);
                        }
                    }
                    run(repo, l.page(), l.command(), l.exit());
                }));
    }

    private static void run(Path repo, String page, String command, int exit) throws Exception {
        Path out = Files.createTempFile(work, "out", ".txt");
        Path err = Files.createTempFile(work, "err", ".txt");
        Process p = new ProcessBuilder("bash", "-c", command)
                .directory(repo.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        try {
            if (!p.waitFor(600, TimeUnit.SECONDS)) {
                throw new AssertionError(page + ": timed out after 600 s: " + command);
            }
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        assertThat(p.exitValue())
                .as(page + ": " + command + "\n" + Files.readString(err) + Files.readString(out))
                .isEqualTo(exit);
    }
}
