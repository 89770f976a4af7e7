package org.metasched.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AvailabilityProfileTest {
    @Test
    void earliestFitSkipsGapsThatAreTooShortOrTooNarrow() {
        AvailabilityProfile p = new AvailabilityProfile(4, 0);
        p.reserve(0, 10, 3); // 1 free on [0,10)
        p.reserve(15, 30, 4); // 0 free on [15,30); gap [10,15) has 4 free
        assertThat(p.earliestStart(0, 5, 2, Long.MAX_VALUE)).isEqualTo(10);
        assertThat(p.earliestStart(0, 6, 2, Long.MAX_VALUE)).isEqualTo(30);
        assertThat(p.earliestStart(0, 100, 1, Long.MAX_VALUE)).isEqualTo(30);
        assertThat(p.earliestStart(0, 5, 1, Long.MAX_VALUE)).isEqualTo(0);
        assertThat(p.freeAt(12)).isEqualTo(4);
        assertThat(p.freeAt(29)).isEqualTo(0);
    }

    @Test
    void searchBeforeALimitIgnoresTheJobsOwnReservation() {
        AvailabilityProfile p = new AvailabilityProfile(4, 0);
        p.reserve(0, 20, 2); // running job
        p.reserve(20, 50, 4); // the job itself, reserved at 20 for 30 s
        // it may move to 0 only if 4 are free on [0, 20): no; with 2 processors it could
        assertThat(p.earliestStart(0, 30, 4, 20)).isEqualTo(20);
        p.release(5, 20, 2); // the running job ends early at 5
        assertThat(p.earliestStart(0, 30, 4, 20)).isEqualTo(5);
    }

    @Test
    void mergesEqualNeighboursAndForgetsThePast() {
        AvailabilityProfile p = new AvailabilityProfile(8, 0);
        p.reserve(10, 20, 3);
        p.reserve(20, 30, 3);
        assertThat(p.breakpoints()).isEqualTo(3); // 0:8, 10:5, 30:8
        p.release(10, 30, 3);
        assertThat(p.breakpoints()).isEqualTo(1);
        p.reserve(100, 200, 1);
        p.advance(150);
        assertThat(p.freeAt(150)).isEqualTo(7);
        assertThat(p.breakpoints()).isEqualTo(2);
    }

    @Test
    void moveEarlierTakesTheNewPlaceAndGivesBackTheOld() {
        // 4 processors; a blocker of 3 on [0, 10); a job of 2 processors for 6 s reserved at 10; the blocker ends
        // early at 2: the job moves to [2, 8), before its old place
        AvailabilityProfile p = new AvailabilityProfile(4, 0);
        p.reserve(0, 10, 3);
        p.reserve(10, 16, 2);
        p.advance(2);
        p.release(2, 10, 3);
        assertThat(p.moveEarlier(2, 6, 2, 10)).isEqualTo(2);
        assertThat(p.times()).containsExactly(2, 8);
        assertThat(p.frees()).containsExactly(2, 4);
        // overlapping: a job of 3 processors for 10 s at 5 moves to 2 when [2, 5) frees; [5, 12) is unchanged
        AvailabilityProfile q = new AvailabilityProfile(4, 0);
        q.reserve(0, 5, 2);
        q.reserve(5, 15, 3);
        q.advance(2);
        q.release(2, 5, 2);
        assertThat(q.moveEarlier(2, 10, 3, 5)).isEqualTo(2);
        assertThat(q.times()).containsExactly(2, 12);
        assertThat(q.frees()).containsExactly(1, 4);
        // no room before the reservation (a job of 4 processors at 12, 1 free before): nothing changes
        q.reserve(12, 15, 4);
        assertThat(q.moveEarlier(2, 3, 4, 12)).isEqualTo(12);
        assertThat(q.times()).containsExactly(2, 12, 15);
        assertThat(q.frees()).containsExactly(1, 0, 4);
    }

    @Test
    void overCommitmentFailsFast() {
        AvailabilityProfile p = new AvailabilityProfile(2, 0);
        p.reserve(0, 10, 2);
        assertThatThrownBy(() -> p.reserve(5, 6, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("over-committed");
    }
}
