/**
 * {@code metasched batch} (paper P002): {@link org.metasched.pipeline.batch.BatchPipeline} reads a batch file, takes
 * its settings (options over the file's fields over the defaults, with the scheme rules of {@code
 * BatchProblem.settings}) and plans the batch in one cycle. Uses only the shared package {@code
 * org.metasched.pipeline}.
 */
package org.metasched.pipeline.batch;
