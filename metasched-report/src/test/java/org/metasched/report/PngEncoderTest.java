package org.metasched.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class PngEncoderTest {

    @Test
    void randomImagesDecodeToTheSamePixels() throws IOException {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 40; trial++) {
            int width = 1 + random.nextInt(70);
            int height = 1 + random.nextInt(50);
            BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    // half the trials in few colours (runs, like a chart), half in noise
                    int rgb = trial % 2 == 0 ? random.nextInt(1 << 24) : 0x101010 * random.nextInt(3);
                    image.setRGB(x, y, rgb);
                }
            }
            assertSamePixels(image, decode(PngEncoder.encode(image)), "trial " + trial);
        }
    }

    @Test
    void aDrawnChartDecodesToTheSamePixels() throws IOException {
        Chart chart = new Chart(
                "c",
                "A chart",
                ChartKind.LINE,
                "x",
                "y",
                List.of(),
                List.of(Series.of("s", new double[] {0, 1, 2, 3}, new double[] {3, 1, 4, 1})));
        BufferedImage image = ChartImages.draw(chart, 400, 300);
        assertSamePixels(image, decode(PngEncoder.encode(image)), "chart");
    }

    @Test
    void imagesOfOtherTypesAreDrawnOnWhite() throws IOException {
        BufferedImage argb = new BufferedImage(5, 4, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = argb.createGraphics();
        g.setColor(Color.RED);
        g.fillRect(0, 0, 2, 4); // the rest stays transparent
        g.dispose();
        BufferedImage decoded = decode(PngEncoder.encode(argb));
        assertThat(decoded.getRGB(1, 1) & 0xffffff).isEqualTo(0xff0000);
        assertThat(decoded.getRGB(4, 3) & 0xffffff).isEqualTo(0xffffff);

        BufferedImage big = new BufferedImage(10, 10, BufferedImage.TYPE_INT_RGB);
        big.setRGB(3, 4, 0x123456);
        BufferedImage sub = big.getSubimage(2, 3, 5, 5); // shares the raster with an offset
        assertSamePixels(sub, decode(PngEncoder.encode(sub)), "subimage");
    }

    @Test
    void chunksAreWellFormedWithValidChecksums() throws IOException {
        BufferedImage image = new BufferedImage(3, 2, BufferedImage.TYPE_INT_RGB);
        byte[] png = PngEncoder.encode(image);
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(png));
        byte[] signature = new byte[8];
        in.readFully(signature);
        assertThat(signature).containsExactly(0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n');
        List<String> types = new ArrayList<>();
        while (in.available() > 0) {
            int length = in.readInt();
            byte[] typeAndData = new byte[4 + length];
            in.readFully(typeAndData);
            CRC32 crc = new CRC32();
            crc.update(typeAndData);
            assertThat(in.readInt()).isEqualTo((int) crc.getValue());
            types.add(new String(typeAndData, 0, 4, StandardCharsets.US_ASCII));
        }
        assertThat(types).containsExactly("IHDR", "IDAT", "IEND");
    }

    private static BufferedImage decode(byte[] png) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(image).as("decodable PNG").isNotNull();
        return image;
    }

    private static void assertSamePixels(BufferedImage expected, BufferedImage actual, String what) {
        assertThat(actual.getWidth()).as(what).isEqualTo(expected.getWidth());
        assertThat(actual.getHeight()).as(what).isEqualTo(expected.getHeight());
        for (int y = 0; y < expected.getHeight(); y++) {
            for (int x = 0; x < expected.getWidth(); x++) {
                int want = expected.getRGB(x, y) & 0xffffff;
                int got = actual.getRGB(x, y) & 0xffffff;
                if (want != got) {
                    throw new AssertionError(what + ": pixel (" + x + ", " + y + ") is " + Integer.toHexString(got)
                            + ", expected " + Integer.toHexString(want));
                }
            }
        }
    }
}
