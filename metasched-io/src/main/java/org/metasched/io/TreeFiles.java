package org.metasched.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import org.metasched.model.InputFormatException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLParser;

/**
 * Reads a JSON or YAML file into a tree for {@link TreeReader}: a missing file, a directory, a file too large, binary
 * data, text that is not UTF-8 and a malformed document each fail with one line naming the file (and the line where
 * there is one); the parser's own messages are put in the file's terms by {@link ParserMessages}.
 */
final class TreeFiles {
    // a key given twice is an error (issue 22: the last one used to win silently)
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();
    private static final ObjectMapper YAML = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();

    /** Problem files are small; anything larger is a mistake (a trace given as a problem, say). */
    static final long MAX_BYTES = 64L << 20;

    private TreeFiles() {}

    /** Parses {@code file} as YAML when it ends in .yaml or .yml, JSON otherwise: the document's root value. */
    static JsonNode read(Path file) {
        String name = file.toString();
        if (name.isEmpty()) { // Path.of("") is the working directory: say what a missing file says
            throw new InputFormatException("'': no such file (the file name is empty)");
        }
        if (!Files.exists(file)) {
            throw new InputFormatException(name + ": no such file");
        }
        if (Files.isDirectory(file)) {
            throw new InputFormatException(name + ": is a directory, expected a JSON or YAML file");
        }
        String lower = name.toLowerCase(Locale.ROOT);
        boolean yaml = lower.endsWith(".yaml") || lower.endsWith(".yml");
        String kind = yaml ? "YAML" : "JSON";
        byte[] bytes;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new InputFormatException(name + ": " + Files.size(file) + " bytes is too large for a " + kind
                        + " problem file (at most " + MAX_BYTES + ")");
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new InputFormatException(name + ": no such file", e);
        } catch (IOException e) {
            throw new InputFormatException(name + ": cannot read: " + IoErrors.reason(e), e);
        }
        return parse(name, yaml, bytes);
    }

    /** Parses {@code bytes} (JSON, or YAML when {@code yaml}) as the document {@code name}: its root value. */
    static JsonNode parse(String name, boolean yaml, byte[] bytes) {
        String kind = yaml ? "YAML" : "JSON";
        requireText(name, kind, bytes);
        try {
            JsonNode root = (yaml ? YAML : JSON).readTree(bytes);
            if (yaml) {
                refuseAliases(name, bytes);
            }
            if (root == null || root.isMissingNode() || root.isNull()) {
                throw new InputFormatException(name + ": the file "
                        + (bytes.length == 0 ? "is empty" : "holds no " + kind + " value (only blanks or comments)")
                        + ", expected a " + kind + " object");
            }
            return root;
        } catch (JacksonException e) {
            var loc = e.getLocation();
            String where = loc == null || loc.getLineNr() < 1 ? "" : ":" + loc.getLineNr() + ":" + loc.getColumnNr();
            throw new InputFormatException(
                    name + where + ": malformed " + kind + ": " + ParserMessages.explain(e.getOriginalMessage()), e);
        }
    }

    /**
     * Jackson's YAML tree gives an alias ({@code *name}) as the text of its name, not the anchored value: {@code policy:
     * *easy} read as "easy" whatever {@code &easy} marks. A document that uses one is refused, at the alias.
     */
    private static void refuseAliases(String name, byte[] bytes) {
        try (JsonParser p = YAML.createParser(bytes)) {
            while (p.nextToken() != null) {
                if (p instanceof YAMLParser y && y.isCurrentAlias()) {
                    TokenStreamLocation at = p.currentTokenLocation();
                    throw new InputFormatException(name + ":" + at.getLineNr() + ":" + at.getColumnNr()
                            + ": the alias '*"
                            + p.getString() + "' is not read (YAML anchors and aliases are not supported): write the"
                            + " value out where it is used");
                }
            }
        }
    }

    /** Binary data or another encoding would make the parser's message cryptic: say what it is instead. */
    private static void requireText(String name, String kind, byte[] bytes) {
        int line = 1;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                throw new InputFormatException(name + ":" + line + ": a NUL byte at byte " + (i + 1)
                        + ": this is binary data, not a " + kind + " text file");
            }
            if (bytes[i] == '\n') {
                line++;
            }
        }
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
        } catch (CharacterCodingException e) {
            int at = firstBadUtf8(bytes);
            int l = 1;
            for (int i = 0; i < at; i++) {
                l += bytes[i] == '\n' ? 1 : 0;
            }
            throw new InputFormatException(
                    name + ":" + l + ": bytes '" + Text.shown(bytes, at, Math.min(bytes.length, at + 8)) + "' at byte "
                            + (at + 1) + " are not UTF-8 text: expected a " + kind + " file in UTF-8",
                    e);
        }
    }

    private static int firstBadUtf8(byte[] b) {
        var decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(b);
        CharBuffer out = CharBuffer.allocate(b.length + 1);
        var result = decoder.decode(in, out, true);
        return result.isError() ? in.position() : 0;
    }
}
