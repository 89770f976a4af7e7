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
 * A batch job whose task is a tiny part of the horizon is refused when the file is read: its alternatives search took
 * one window after another and never ended (volume 1e-6 on a horizon of 60: 120,000,000 windows per node; 1e-12,
 * below the time tolerance, the same window for ever). A millionth of the horizon is still planned.
 */
class TinyTasksTest {
    @TempDir
    Path dir;

    private Path batch(String volume) throws IOException {
        return Files.writeString(
                dir.resolve("b.json"),
                "{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1},"
                        + " {\"id\": \"b\", \"performance\": 2, \"price\": 1}],"
                        + " \"jobs\": [{\"id\": \"J1\", \"nodes\": 1, \"volume\": 5},"
                        + " {\"id\": \"J2\", \"nodes\": 1, \"volume\": " + volume + "}]}");
    }

    @Test
    void aTaskOfLessThanAMillionthOfTheHorizonIsRefusedNamingTheJobsVolume() throws IOException {
        for (String volume : new String[] {"1e-6", "1e-12", "1e-320"}) {
            Path f = batch(volume);
            assertThatThrownBy(() -> BatchProblemReader.read(f))
                    .isInstanceOf(InputFormatException.class)
                    .hasMessageStartingWith(f + ": jobs[1].volume ")
                    .hasMessageContaining("the search of disjoint alternatives would not end")
                    .hasMessageContaining("give a volume of at least 0.00012");
        }
        assertThatThrownBy(() -> BatchProblemReader.read(batch("1e-6")))
                .hasMessageContaining(
                        "is a task of 5.00e-07 on node 'a', whose free time of 60 holds" + " 120 000 000 of them");
        assertThat(BatchProblemReader.read(batch("0.00012")).jobs()).hasSize(2);
    }

    /**
     * The least volume a hint names is accepted: it is the most work of any node over a million, rounded up (it was
     * the first node refused, rounded to the nearest: 9007000000 for a least volume of 9007199254.7, refused again).
     */
    @Test
    void theLeastVolumeTheHintNamesIsAccepted() throws IOException {
        Path f = Files.writeString(
                dir.resolve("h.json"),
                "{\"horizon\": 123420000, \"nodes\": [{\"id\": \"a\", \"performance\": 1, \"price\": 1},"
                        + " {\"id\": \"b\", \"performance\": 2, \"price\": 1}],"
                        + " \"jobs\": [{\"id\": \"J1\", \"nodes\": 1, \"volume\": 100}]}");
        assertThatThrownBy(() -> BatchProblemReader.read(f))
                .hasMessageContaining("on node 'b'")
                .hasMessageContaining("give a volume of at least 246.9 (");
        Path ok = Files.writeString(dir.resolve("ok.json"), Files.readString(f).replace("100}", "246.9}"));
        assertThat(BatchProblemReader.read(ok).jobs()).hasSize(1);
    }

    /** What counts is a node's free time, not the horizon: a long horizon with few free moments is planned. */
    @Test
    void aLongHorizonOfBusyNodesIsPlanned() throws IOException {
        Path f = Files.writeString(
                dir.resolve("busy.json"),
                "{\"horizon\": 1000000, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1,"
                        + " \"busy\": [[0, 999990]]}, {\"id\": \"b\", \"performance\": 2, \"price\": 1,"
                        + " \"busy\": [[10, 1000000]]}], \"jobs\": [{\"id\": \"J1\", \"nodes\": 1, \"volume\": 1}]}");
        assertThat(BatchProblemReader.read(f).jobs()).hasSize(1);
        Path free =
                Files.writeString(dir.resolve("free.json"), Files.readString(f).replace("[[10, 1000000]]", "[]"));
        assertThatThrownBy(() -> BatchProblemReader.read(free))
                .hasMessageContaining(
                        "jobs[0].volume 1 is a task of 0.5 on node 'b', whose free time of 1 000 000 holds"
                                + " 2 000 000 of them");
    }
}
