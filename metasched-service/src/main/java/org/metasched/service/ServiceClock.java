package org.metasched.service;

import java.util.function.LongSupplier;

/**
 * The service's time, in the time units of the scheduling model: seconds since the service's epoch (its first start,
 * kept in the database) under {@code --clock wall}, or a number only {@code POST /v1/clock} moves under {@code --clock
 * manual} (kept in the database too, so a restart continues where it stopped). Never goes backwards.
 */
final class ServiceClock {
    private final ServiceConfig.ClockMode mode;
    private final long epochMillis;
    private final LongSupplier millis;
    private volatile double manual;
    private volatile double last;

    ServiceClock(ServiceConfig.ClockMode mode, long epochMillis, double manualTime, LongSupplier millis) {
        this.mode = mode;
        this.epochMillis = epochMillis;
        this.manual = manualTime;
        this.millis = millis;
    }

    ServiceConfig.ClockMode mode() {
        return mode;
    }

    double now() {
        if (mode == ServiceConfig.ClockMode.MANUAL) {
            return manual;
        }
        double t =
                Math.max(last, (millis.getAsLong() - epochMillis) / 1000.0); // never back, whatever the OS clock does
        last = t;
        return t;
    }

    /** Sets the manual clock (after the change that moves it is committed). */
    void set(double time) {
        if (mode != ServiceConfig.ClockMode.MANUAL) {
            throw new IllegalStateException("the wall clock cannot be set");
        }
        manual = time;
    }
}
