/**
 * Reading and writing metasched's files. {@link org.metasched.model.InputFormatException} is the one error type for
 * bad input: its message is one line naming the file, the line or field, the bad value and what is expected.
 * {@link org.metasched.io.TreeReader} walks a parsed JSON/YAML tree with that discipline; {@link
 * org.metasched.io.OutputDirectory} is the one writer of output directories (all or nothing, never over files
 * metasched did not write), and {@link org.metasched.io.WrittenFiles} tells a command that reads such a directory back
 * whether a file is still the one written there; {@link org.metasched.io.JsonOutput} is the one JSON writer (jackson-core's streaming
 * generator); {@link org.metasched.io.IoErrors} puts the operating system's reason into messages.
 */
package org.metasched.io;
