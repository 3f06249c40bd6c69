package dev.weft.detect;

import java.nio.file.Path;

/**
 * A file the detector could not analyse (it does not parse, or cannot be read); the other files are still analysed.
 *
 * @param file    the file
 * @param line    1-based line of the error, 0 if unknown
 * @param column  1-based column, 0 if unknown
 * @param message the parser's or the file system's message
 */
public record Problem(Path file, int line, int column, String message) {

    /** {@code FILE:LINE:COL: error: message}. */
    public String toText() {
        return file + ":" + line + ":" + column + ": error: " + message;
    }
}
