package org.metasched.pipeline;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Small CSV tables ({@code table.csv}, {@code strategies.csv}) through commons-csv, so a name with a comma or a
 * quote is quoted rather than breaking the columns. Lines end in {@code \n}; numbers are written as Java prints
 * them ({@code Double.toString}), empty cells as nothing.
 */
final class CsvTables {
    private static final CSVFormat FORMAT =
            CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();

    private CsvTables() {}

    static void write(Path file, List<String> header, List<? extends List<?>> rows) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                CSVPrinter p = new CSVPrinter(w, FORMAT)) {
            p.printRecord(header);
            for (List<?> row : rows) {
                p.printRecord(row);
            }
        }
    }
}
