package org.metasched.report;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Encodes an opaque image as an 8-bit RGB PNG. It replaces ImageIO's PNG writer on the report's path, which
 * reads pixels through the generic raster interface and tries all five PNG filters on every row: for the charts
 * of a report (mostly flat colour) one fixed filter compresses as well, and reading the {@code int} pixels
 * directly makes encoding several times faster.
 *
 * <p>Each row is written with the "Up" filter (the difference from the row above), which turns the
 * rows that repeat in a chart (background, bands, long bars) into zeros, and the result is compressed with
 * Deflate at its fastest level. Transparency is not kept: images with alpha are drawn on white first.
 */
final class PngEncoder {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final int FILTER_UP = 2;

    private PngEncoder() {}

    static byte[] encode(BufferedImage image) {
        BufferedImage rgb = opaqueIntRgb(image);
        int width = rgb.getWidth();
        int height = rgb.getHeight();
        int[] pixels = ((DataBufferInt) rgb.getRaster().getDataBuffer()).getData();
        int stride = rgb.getRaster().getSampleModel().getWidth();
        try {
            ByteArrayOutputStream file = new ByteArrayOutputStream(64 * 1024);
            DataOutputStream out = new DataOutputStream(file);
            out.write(SIGNATURE);
            ByteArrayOutputStream header = new ByteArrayOutputStream(13);
            DataOutputStream h = new DataOutputStream(header);
            h.writeInt(width);
            h.writeInt(height);
            h.writeByte(8); // bits per sample
            h.writeByte(2); // colour type: RGB
            h.writeByte(0); // compression: deflate
            h.writeByte(0); // filter method: adaptive (per-row filter byte)
            h.writeByte(0); // no interlace
            chunk(out, "IHDR", header.toByteArray());
            byte[] idat = deflate(pixels, stride, width, height);
            chunk(out, "IDAT", idat);
            chunk(out, "IEND", new byte[0]);
            return file.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in-memory streams do not fail
        }
    }

    private static byte[] deflate(int[] pixels, int stride, int width, int height) {
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        try {
            byte[] row = new byte[1 + 3 * width];
            byte[] previous = new byte[3 * width]; // the row above, unfiltered (zeros above the first row)
            byte[] current = new byte[3 * width];
            byte[] buffer = new byte[64 * 1024];
            ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
            row[0] = FILTER_UP;
            for (int y = 0; y < height; y++) {
                int offset = y * stride;
                for (int x = 0, k = 0; x < width; x++) {
                    int p = pixels[offset + x];
                    current[k++] = (byte) (p >>> 16);
                    current[k++] = (byte) (p >>> 8);
                    current[k++] = (byte) p;
                }
                for (int i = 0; i < current.length; i++) {
                    row[i + 1] = (byte) (current[i] - previous[i]);
                }
                deflater.setInput(row);
                while (!deflater.needsInput()) {
                    int n = deflater.deflate(buffer);
                    out.write(buffer, 0, n);
                }
                byte[] swap = previous;
                previous = current;
                current = swap;
            }
            deflater.finish();
            while (!deflater.finished()) {
                int n = deflater.deflate(buffer);
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }

    private static void chunk(DataOutputStream out, String type, byte[] data) throws IOException {
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        out.writeInt(data.length);
        out.write(name);
        out.write(data);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        out.writeInt((int) crc.getValue());
    }

    /** The image itself when it is a plain TYPE_INT_RGB raster, else a copy drawn on white. */
    private static BufferedImage opaqueIntRgb(BufferedImage image) {
        if (image.getType() == BufferedImage.TYPE_INT_RGB
                && image.getRaster().getDataBuffer() instanceof DataBufferInt
                && image.getRaster().getSampleModelTranslateX() == 0
                && image.getRaster().getSampleModelTranslateY() == 0) {
            return image;
        }
        BufferedImage copy = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = copy.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, image.getWidth(), image.getHeight());
            g.drawImage(image, 0, 0, null);
        } finally {
            g.dispose();
        }
        return copy;
    }
}
