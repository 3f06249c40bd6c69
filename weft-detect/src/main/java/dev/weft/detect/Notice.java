package dev.weft.detect;

import java.nio.file.Path;

/**
 * Something the detector could not analyse although it looks like fork/join code: a task class whose base class
 * is neither a known fork/join API nor in the analysed sources, say. Nothing is reported about such code, so the
 * run says so instead of staying silent.
 *
 * @param file    the file
 * @param line    1-based line, 0 if unknown
 * @param column  1-based column, 0 if unknown
 * @param message what could not be analysed, and why
 */
public record Notice(Path file, int line, int column, String message) {

    /** {@code FILE:LINE:COL: note: message}. */
    public String toText() {
        return file + ":" + line + ":" + column + ": note: " + message;
    }
}
