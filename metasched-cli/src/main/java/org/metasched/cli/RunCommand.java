package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.commons.rng.UniformRandomProvider;
import org.metasched.io.AtomicFiles;
import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.model.Window;
import org.metasched.random.RandomStreams;
import org.metasched.timeline.DomainGenerator;
import org.metasched.timeline.ResourceDomain;
import org.metasched.timeline.SlotList;
import org.metasched.window.WindowSearches;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The default scenario: every registered strategy chooses a window for the same job on the same generated
 * domain, and the results are compared in one table.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run the bundled default scenario: a co-allocation demo.",
            "Generates a 32-node domain (performance U[2,10], prices around the market, 10-50 % local load over"
                    + " [0, 600]), asks every strategy for a window for the same job (5 nodes, volume 300, budget"
                    + " 1500 = its market value) and compares them in a table, also written to OUT/strategies.csv."
        })
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--seed",
            defaultValue = "1",
            paramLabel = "S",
            description = "Master seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--nodes",
            defaultValue = "32",
            paramLabel = "N",
            description = "Nodes in the generated domain (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(
            names = "--geometry",
            defaultValue = "rough",
            paramLabel = "G",
            description = "common or rough (default: ${DEFAULT-VALUE}).")
    String geometry;

    @Option(
            names = {"-o", "--out"},
            defaultValue = "results/run",
            paramLabel = "DIR",
            description = "Where to write the results (default: ${DEFAULT-VALUE}).")
    Path out;

    @Override
    public Integer call() {
        if (nodes < 5) {
            throw new InputException("--nodes: must be at least 5 (the job needs 5), got " + nodes);
        }
        Geometry g;
        try {
            g = Geometry.parse(geometry);
        } catch (IllegalArgumentException e) {
            throw new InputException("--geometry: " + e.getMessage());
        }
        RandomStreams streams = new RandomStreams(seed);
        UniformRandomProvider rng = streams.stream("nodes");
        ResourceDomain domain = DomainGenerator.p002(nodes, 600).generate(rng);
        SlotList slots = domain.slots();
        ResourceRequest job = new ResourceRequest(5, 300, 0, 1500, 0);

        PrintWriter o = spec.commandLine().getOut();
        o.printf(
                Locale.ROOT,
                "metasched default scenario: %d nodes, %d idle slots over [0, 600], %s geometry, seed %d%n",
                nodes,
                slots.size(),
                g.name().toLowerCase(Locale.ROOT),
                seed);
        o.printf("job: 5 nodes, volume 300, budget 1500%n%n");
        String header = String.format(
                Locale.ROOT,
                "%-20s %-6s %9s %9s %9s %9s %9s %10s",
                "strategy",
                "found",
                "start",
                "finish",
                "runtime",
                "cost",
                "procTime",
                "micros");
        o.println(header);
        o.println("-".repeat(header.length()));
        List<String> csv = new ArrayList<>();
        csv.add("strategy,found,start,finish,runtime,cost,processorTime");
        for (String name : WindowSearches.names()) {
            var search = WindowSearches.create(name, WindowSearches.DEFAULTS.withSeed(seed));
            long t0 = System.nanoTime();
            Optional<Window> w = search.find(slots, job, g);
            long micros = (System.nanoTime() - t0) / 1000;
            if (w.isEmpty()) {
                o.printf(
                        Locale.ROOT,
                        "%-20s %-6s %9s %9s %9s %9s %9s %10d%n",
                        name,
                        "no",
                        "-",
                        "-",
                        "-",
                        "-",
                        "-",
                        micros);
                csv.add(name + ",false,,,,,");
                continue;
            }
            Window x = w.get();
            o.printf(
                    Locale.ROOT,
                    "%-20s %-6s %9.2f %9.2f %9.2f %9.2f %9.2f %10d%n",
                    name,
                    "yes",
                    x.start(),
                    x.finish(),
                    x.runtime(),
                    x.cost(),
                    x.processorTime(),
                    micros);
            csv.add(String.format(
                    Locale.ROOT,
                    "%s,true,%s,%s,%s,%s,%s",
                    name,
                    x.start(),
                    x.finish(),
                    x.runtime(),
                    x.cost(),
                    x.processorTime()));
        }
        Path file = out.resolve("strategies.csv");
        AtomicFiles.writeString(file, String.join("\n", csv) + "\n");
        o.printf("%n(micros: one cold call each, for orientation only; see docs/performance.md for benchmarks)%n");
        o.printf("wrote %s%n", file);
        o.flush();
        return 0;
    }
}
