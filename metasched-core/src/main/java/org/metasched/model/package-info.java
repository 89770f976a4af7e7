/**
 * Value types of the resource model shared by every algorithm: {@link org.metasched.model.Node nodes}
 * with performance and unit price, busy {@link org.metasched.model.Interval intervals}, idle
 * {@link org.metasched.model.Slot slots}, a job's {@link org.metasched.model.ResourceRequest request}, the
 * two window {@link org.metasched.model.Geometry geometries} and the chosen {@link org.metasched.model.Window
 * window}. Start from {@code Window} and {@code Geometry}. Spec sections 0.1 and 1 (papers P000 section 2.1,
 * P002 section 3). Also the bottom-layer helpers every package shares: {@link org.metasched.model.Tolerance} (how
 * computed times and costs are compared), {@link org.metasched.model.GrowableArrays} (how work arrays grow) and
 * {@link org.metasched.model.InputFormatException} (bad input).
 */
package org.metasched.model;
