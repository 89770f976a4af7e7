/**
 * {@code metasched select}: {@link org.metasched.pipeline.select.SelectPipeline} chooses one window for one problem
 * file by a registered window search or an availability strategy (paper P003), with the rules on which option applies
 * to which strategy. Uses only the shared package {@code org.metasched.pipeline}.
 */
package org.metasched.pipeline.select;
