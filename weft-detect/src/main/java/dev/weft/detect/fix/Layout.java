package dev.weft.detect.fix;

import java.util.ArrayList;
import java.util.List;

/**
 * How a file is laid out, read from its original text, so that what a rewrite writes looks like the rest of it:
 * its line separator (a CRLF file stays CRLF) and its unit of indentation (a tab, or so many spaces). JavaParser
 * prints new code with four spaces per level and LF line ends.
 */
record Layout(String lineSeparator, String unit) {
    /** The pretty printer's unit of indentation. */
    static final String PRINTED_UNIT = "    ";

    /** The layout of {@code original}: its most frequent line separator, and its indentation unit. */
    static Layout of(String original) {
        int crlf = 0;
        int lf = 0;
        for (int i = 0; i < original.length(); i++) {
            if (original.charAt(i) == '\n') {
                if (i > 0 && original.charAt(i - 1) == '\r') {
                    crlf++;
                } else {
                    lf++;
                }
            }
        }
        return new Layout(crlf > lf ? "\r\n" : "\n", unit(original));
    }

    /**
     * A tab when most indented lines start with one; else the smallest step by which space indentation grows
     * from one line to the next (2 or 4, say); four spaces when nothing tells.
     */
    private static String unit(String text) {
        int tabs = 0;
        int spaces = 0;
        int step = Integer.MAX_VALUE;
        int previous = 0;
        for (String line : text.lines().toList()) {
            if (line.isBlank()) {
                continue;
            }
            String trimmed = line.stripLeading();
            int width = line.length() - trimmed.length();
            // Javadoc and block comment continuation lines are indented by one more space: not a step.
            boolean continuation = trimmed.startsWith("*");
            if (line.startsWith("\t")) {
                tabs++;
            } else if (line.startsWith(" ") && !continuation) {
                spaces++;
                if (width > previous) {
                    step = Math.min(step, width - previous);
                }
            }
            if (!continuation) {
                previous = line.startsWith("\t") ? 0 : width;
            }
        }
        if (tabs > spaces) {
            return "\t";
        }
        return step == Integer.MAX_VALUE || step < 2 || step > 8 ? PRINTED_UNIT : " ".repeat(step);
    }

    /** Printed text with this file's line separator throughout. */
    String lineEnds(String printed) {
        String lf = printed.replace("\r\n", "\n");
        return lineSeparator.equals("\n") ? lf : lf.replace("\n", lineSeparator);
    }

    /** A printed line whose leading levels of four spaces become this file's unit. */
    String indent(String printedLine) {
        if (unit.equals(PRINTED_UNIT)) {
            return printedLine;
        }
        int levels = 0;
        int at = 0;
        while (printedLine.startsWith(PRINTED_UNIT, at)) {
            levels++;
            at += PRINTED_UNIT.length();
        }
        return unit.repeat(levels) + printedLine.substring(at);
    }

    /** Each line of {@code printed} through {@link #indent}. */
    List<String> indent(List<String> printed) {
        List<String> out = new ArrayList<>(printed.size());
        printed.forEach(l -> out.add(indent(l)));
        return out;
    }
}
