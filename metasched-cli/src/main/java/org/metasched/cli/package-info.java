/**
 * The {@code metasched} command line (picocli). Start from {@link org.metasched.cli.Main}, which registers the
 * commands {@code run} (the default scenario), {@code select} (one co-allocation problem), {@code simulate}
 * (replay a workload trace) and {@code reproduce} (the papers' tables). Bad input is an {@link
 * org.metasched.cli.InputException} or an {@link IllegalArgumentException}: one line on standard error and exit
 * code 2 ({@code Errors}); anything else is an internal error, exit code 1.
 */
package org.metasched.cli;
