/**
 * The {@code metasched} command line (picocli): it parses and prints; the work is done by {@code
 * metasched-pipeline}. Start from {@link org.metasched.cli.Main}, whose open registry of commands lists {@code
 * run} (the default scenario), {@code select} (one co-allocation problem), {@code simulate} (replay a workload
 * trace) and {@code reproduce} (the papers' tables). Options shared by commands are picocli mixins in {@code
 * Options}; {@code HelpLayout} gives every help text the same groups, exit codes and example. Bad input is an
 * {@link org.metasched.model.InputFormatException} (or a picocli parameter error): one line on standard error and
 * exit code 2; anything else is an internal error, exit code 1 ({@code Errors}).
 */
package org.metasched.cli;
