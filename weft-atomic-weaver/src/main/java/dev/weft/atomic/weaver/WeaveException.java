package dev.weft.atomic.weaver;

import java.util.List;

/**
 * The weaver refused its input: each problem names the class, the method and, where known, the source
 * line. Nothing was written.
 */
public final class WeaveException extends Exception {
    private final List<String> problems;

    WeaveException(List<String> problems) {
        super(problems.size() == 1 ? problems.get(0)
                : problems.size() + " problems:\n  " + String.join("\n  ", problems));
        this.problems = List.copyOf(problems);
    }

    /** The problems, one line each. */
    public List<String> problems() {
        return problems;
    }
}
