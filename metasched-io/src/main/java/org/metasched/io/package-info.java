/**
 * Reading and writing metasched's files. {@link org.metasched.model.InputFormatException} is the one error type for
 * bad input: its message is one line naming the file, the line or field, the bad value and what is expected.
 * {@link org.metasched.io.TreeReader} walks a parsed JSON/YAML tree with that discipline; {@link
 * org.metasched.io.AtomicFiles} writes results so that nothing is left half-written.
 */
package org.metasched.io;
