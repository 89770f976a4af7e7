/**
 * {@code metasched memory} (paper P004): {@link org.metasched.pipeline.memory.MemoryPipeline} runs the shared-memory
 * cluster on a generated stream or a trace and writes its results; {@link
 * org.metasched.pipeline.memory.MemoryReport} is its report. Uses only the shared package {@code
 * org.metasched.pipeline}.
 */
package org.metasched.pipeline.memory;
