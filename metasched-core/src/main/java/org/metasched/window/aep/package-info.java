/**
 * The AEP scan of paper P002 (spec 3.1-3.2) in its parts: {@link org.metasched.window.aep.AepScan} (the
 * expanding-window scan over the slot list, with its expanded window W in {@link
 * org.metasched.window.aep.AepExpandingWindow}), the per-node index of the ROUGH fast path ({@link
 * org.metasched.window.aep.AepNodeIndex}), the COMMON-geometry enumeration of the minimum performance p* ({@link
 * org.metasched.window.aep.AepCommonGeometry}, decision D5), and one class per selection rule behind {@link
 * org.metasched.window.aep.AepStrategy} (select, value, bounds): {@link org.metasched.window.aep.AmpSelection},
 * {@link org.metasched.window.aep.AlpSelection}, {@link org.metasched.window.aep.MinCostSelection}, {@link
 * org.metasched.window.aep.MinRunTimeSelection}, {@link org.metasched.window.aep.MinFinishSelection}, {@link
 * org.metasched.window.aep.MinProcTimeRandomSelection}, {@link org.metasched.window.aep.MinProcTimeExactSelection}.
 * Selections are built from the blocks of {@link org.metasched.window.aep.AepCandidates}. A batch's alternatives
 * search runs AMP through {@link org.metasched.window.aep.ResumingAmpScan}, which resumes each search of a job at its
 * previous window's start (the same windows). Start from {@code
 * AepStrategy}; the searches users name are registered in {@code org.metasched.window.WindowSearches}, which
 * wraps a scan as {@code AepWindowSearch}.
 */
package org.metasched.window.aep;
