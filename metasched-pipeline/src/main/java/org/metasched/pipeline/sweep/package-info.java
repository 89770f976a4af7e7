/**
 * {@code metasched sweep} and {@code sweep merge} (docs/sweep.md): {@link org.metasched.pipeline.sweep.SweepSpec}
 * reads a sweep file into cells, {@link org.metasched.pipeline.sweep.SweepRun} runs them (locally; the Spark engine
 * calls its {@code runOne} and {@code write}), {@link org.metasched.pipeline.sweep.SweepMerge} joins shards, {@link
 * org.metasched.pipeline.sweep.SweepFiles} and {@link org.metasched.pipeline.sweep.SweepReport} write the results.
 * The open registry {@link org.metasched.pipeline.sweep.SweepCommands} holds one {@link
 * org.metasched.pipeline.sweep.SweepableCommand} adapter per command ({@code SimulateSweep}, {@code GangSweep},
 * {@code MemorySweep}, {@code SelectSweep}, {@code BatchSweep}): each calls its system's pipeline package; the
 * systems never see the sweep. A command's input files are reached through {@link
 * org.metasched.pipeline.sweep.SweepInputs} and read once per process ({@link
 * org.metasched.pipeline.sweep.SharedInputs}).
 */
package org.metasched.pipeline.sweep;
