package org.metasched.io.problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.model.InputFormatException;

/**
 * A node priced so that a slot of the horizon would cost past 1e300 is refused when the file is read, naming the
 * price and the most it may be: a price of 1e308 made a slot of 10 cost infinity, and min-finish failed inside
 * (exit 1), min-proc-time-exact, l-sum, l-min-sum and bf-start chose a window costing infinity under a budget of 5.
 */
class HugePricesTest {
    @TempDir
    Path dir;

    private Path problem(String price, String horizon) throws IOException {
        return Files.writeString(
                dir.resolve("p.json"),
                "{\"horizon\": " + horizon + ", \"nodes\": [{\"id\": \"a\", \"performance\": 1, \"price\": 0.1},"
                        + " {\"id\": \"b\", \"performance\": 1, \"price\": " + price + "}],"
                        + " \"job\": {\"nodes\": 1, \"volume\": 10, \"budget\": 5}}");
    }

    @Test
    void aPriceWhoseSlotOfTheHorizonCostsPast1e300IsRefused() throws IOException {
        Path f = problem("1e308", "[0, 100]");
        assertThatThrownBy(() -> ProblemReader.read(f))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(f + ": nodes[1].price 1.0E308 makes a slot of the horizon's length, 100, cost past 1.0E300,"
                        + " where the searches' sums of costs stop being numbers: expected a price of at most 1.0E298");
        assertThat(ProblemReader.read(problem("1e298", "[0, 100]")).domain().nodes())
                .hasSize(2);
        // the limit named for a horizon whose quotient is not a whole power holds when given
        assertThatThrownBy(() -> ProblemReader.read(problem("1e298", "[0, 300]")))
                .hasMessageEndingWith("expected a price of at most 3.333E297");
        assertThat(ProblemReader.read(problem("3.333e297", "[0, 300]")).domain().nodes())
                .hasSize(2);
    }

    private Path availability(String length) throws IOException {
        return Files.writeString(
                dir.resolve("a.json"),
                "{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 1, \"price\": 10},"
                        + " {\"id\": \"b\", \"performance\": 1, \"price\": 1e10},"
                        + " {\"id\": \"c\", \"performance\": 2, \"price\": 1e10}],"
                        + " \"job\": {\"nodes\": 2, " + length + ", \"budget\": 1e308}}");
    }

    /**
     * The availability strategies' window is the job's runtime, not bounded by the horizon: a runtime at which a
     * window on the dearest node costs past 1e300 is refused (the knapsack reported a window of cost infinity under
     * a budget of 1e308, and {@code "found": true} with {@code "cost": null}), naming that node and the most it may be.
     */
    @Test
    void anAvailabilityWindowWhoseCostIsPast1e300IsRefused() throws IOException {
        Path f = availability("\"runtime\": 1e300");
        assertThatThrownBy(() -> AvailabilityProblemReader.read(f))
                .isInstanceOf(InputFormatException.class)
                .hasMessage(
                        f + ": job.runtime 1.0E300 makes a window on node 'b' (price 10000000000) cost past 1.0E300,"
                                + " where the strategies' sums of costs stop being numbers: expected a runtime of at most"
                                + " 1.0E290");
        assertThatThrownBy(() -> AvailabilityProblemReader.read(availability("\"volume\": 1.0000001e290")))
                .hasMessageContaining("job.volume 1.0000001E290 makes a window on node 'b'")
                .hasMessageEndingWith("expected a volume of at most 1.0E290");
        assertThat(AvailabilityProblemReader.read(availability("\"runtime\": 1e290"))
                        .request()
                        .runtime())
                .isEqualTo(1e290);
    }
}
