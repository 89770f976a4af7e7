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
}
