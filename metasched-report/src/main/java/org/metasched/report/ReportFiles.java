package org.metasched.report;

import java.nio.file.Path;
import java.util.List;

/**
 * The files {@link Report#writeTo(Path)} wrote.
 *
 * @param html the report page, {@code report.html}
 * @param images one PNG per chart and per Gantt chart, named {@code <id>.png}, in report order
 * @param svgs one SVG per chart and Gantt chart ({@code <id>.svg}) when {@link Report#withSvg()}
 *     was called, else empty
 */
public record ReportFiles(Path html, List<Path> images, List<Path> svgs) {

    public ReportFiles {
        images = List.copyOf(images);
        svgs = List.copyOf(svgs);
    }
}
