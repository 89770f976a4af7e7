/**
 * JMH benchmarks of the hot paths. Build with {@code ./mvnw -Pbench -DskipTests package} and run {@code java -jar
 * metasched-bench/target/benchmarks.jar}; figures and the exact commands are kept in {@code docs/performance.md}.
 */
package org.metasched.bench;
