package org.metasched.io.results;

import org.metasched.metrics.JobTimes;

/**
 * The {@code jobs.csv} layout of the models with per-job records ({@link JobTimes}): {@link
 * org.metasched.metrics.JobRecord}'s common columns under its names, in one order, with the model's own columns
 * between them: {@code id}, where the job ran, {@code submit, start, end}, what it ran on, {@code wait}, the response
 * (under the model's name for it), anything else. Times are written with {@link Double#toString}'s digits and no
 * exponent ({@link CsvColumns#plainDecimal}), as {@code simulate}'s jobs.csv has no exponent; {@code submit, start,
 * end} on a rebased clock as the exact decimal sum of the origin and the model's time ({@link CsvColumns#plainSum}),
 * so that a trace shifted by a whole number of seconds gives the same cells plus that number.
 */
final class JobColumns {
    private JobColumns() {}

    static <T extends JobTimes> CsvColumns<T> of(
            CsvColumns<T> where, CsvColumns<T> on, String response, CsvColumns<T> more) {
        return CsvColumns.<T>of()
                .integer("id", JobTimes::id)
                .nested("", r -> r, where)
                .plainSum("submit", JobTimes::originSeconds, JobTimes::modelSubmitSeconds)
                .plainSum("start", JobTimes::originSeconds, JobTimes::modelStartSeconds)
                .plainSum("end", JobTimes::originSeconds, JobTimes::modelEndSeconds)
                .nested("", r -> r, on)
                .plainDecimal("wait", JobTimes::waitSeconds)
                .plainDecimal(response, JobTimes::responseSeconds)
                .nested("", r -> r, more);
    }
}
