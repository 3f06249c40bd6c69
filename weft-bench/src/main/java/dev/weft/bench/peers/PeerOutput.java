package dev.weft.bench.peers;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a peer binary writes on standard output: one line {@code program,runtime,workers,nanos,answer} per
 * measured run, and comment lines that start with {@code #} (the binary's versions, notes). Blank lines are
 * ignored; anything else is an error that names the line.
 */
public final class PeerOutput {
    private PeerOutput() {
    }

    /**
     * A measured run as the binary reported it.
     *
     * @param program the program's name, e.g. {@code fib}
     * @param runtime the engine's name, e.g. {@code rayon}
     * @param workers the worker count
     * @param nanos   the run's wall time
     * @param answer  the program's answer as text (parsed by the program, checked by the runner)
     */
    public record Run(String program, String runtime, int workers, long nanos, String answer) {
    }

    /** The runs and the comments of one binary's output. */
    public record Parsed(List<Run> runs, List<String> comments) {
    }

    /**
     * Parses the output of {@code source} (named in errors) that ran {@code program}.
     *
     * @throws IllegalArgumentException naming the line if a line is neither a run of {@code program}, a comment
     *                                  nor blank
     */
    public static Parsed parse(List<String> lines, String program, String source) {
        Objects.requireNonNull(lines, "lines");
        Objects.requireNonNull(program, "program");
        List<Run> runs = new ArrayList<>();
        List<String> comments = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                comments.add(line.substring(1).strip());
                continue;
            }
            String where = source + ", line " + (i + 1) + " '" + line + "'";
            String[] f = line.split(",", -1);
            if (f.length != 5) {
                throw new IllegalArgumentException(where + ": expected program,runtime,workers,nanos,answer");
            }
            if (!f[0].equals(program)) {
                throw new IllegalArgumentException(where + ": a run of '" + f[0] + "', expected '" + program + "'");
            }
            if (f[1].isEmpty() || f[4].isEmpty()) {
                throw new IllegalArgumentException(where + ": empty runtime or answer");
            }
            int workers = (int) number(f[2], "workers", where);
            long nanos = number(f[3], "nanos", where);
            if (workers <= 0) {
                throw new IllegalArgumentException(where + ": workers must be positive");
            }
            runs.add(new Run(f[0], f[1], workers, nanos, f[4]));
        }
        return new Parsed(List.copyOf(runs), List.copyOf(comments));
    }

    private static long number(String s, String what, String where) {
        try {
            long v = Long.parseLong(s);
            if (v < 0) {
                throw new IllegalArgumentException(where + ": " + what + " must not be negative");
            }
            if (what.equals("workers") && v > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(where + ": " + what + " out of range");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": " + what + " is not a number: '" + s + "'");
        }
    }
}
