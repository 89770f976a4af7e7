/**
 * Standard Workload Format (SWF) traces of the Parallel Workloads Archive (Feitelson, Tsafrir and Krakov, JPDC
 * 74(10), 2014): {@link org.metasched.io.swf.SwfReader} (start here) turns a plain or gzipped trace into a {@link
 * org.metasched.model.Workload}, classifying each questionable record by {@link org.metasched.io.swf.SwfRule}
 * and counting it; {@link org.metasched.io.swf.SwfOptions} selects the size field and what happens to jobs that
 * overrun their estimate; {@link org.metasched.io.swf.SwfWriter} writes a workload back.
 */
package org.metasched.io.swf;
