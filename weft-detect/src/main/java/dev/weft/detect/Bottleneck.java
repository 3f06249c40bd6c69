package dev.weft.detect;

/**
 * The six fork/join parallelism bottlenecks of Pinto et al., "Understanding and Overcoming Parallelism
 * Bottlenecks in ForkJoin Applications" (Pinto et al., section V), with the layer of the stack each one hurts.
 *
 * <p>The paper sorts the root causes into three layers: <em>thread management</em> (work stealing is
 * decentralised; pools centralise it), <em>data management</em> (heap allocation and garbage collection
 * of the data handed between tasks) and <em>synchronization management</em> (blocking a worker stalls its
 * whole deque).
 */
public enum Bottleneck {
    /** Task code submits to a pool where a fork would do. */
    B1("centralized pooling", "thread"),
    /** Data copied at each fork and handed to the subtask. */
    B2("copy on fork", "data"),
    /** Joined results merged by copying them. */
    B3("copy on join", "data"),
    /** A loop that prepares and forks one subtask per iteration instead of building them all first. */
    B4("scattered data", "data"),
    /** Locks, monitors and blocking waits inside task code. */
    B5("intra-task synchronization", "synchronization"),
    /** Sleeping, parking or spinning on {@code isDone()} inside task code. */
    B6("sleepy workers", "synchronization");

    private final String title;
    private final String layer;

    Bottleneck(String title, String layer) {
        this.title = title;
        this.layer = layer;
    }

    /** The name used in reports, e.g. {@code "copy on fork"}. */
    public String title() {
        return title;
    }

    /** The layer of the stack it hurts: {@code "thread"}, {@code "data"} or {@code "synchronization"}. */
    public String layer() {
        return layer;
    }

    /** {@code "[B2 copy on fork]"}: the tag that starts each finding's text. */
    public String tag() {
        return "[" + name() + " " + title + "]";
    }

    /**
     * Parses a bottleneck id as given to {@code --only}: {@code B1}..{@code B6}, case-insensitive.
     *
     * @throws IllegalArgumentException for anything else
     */
    public static Bottleneck parse(String id) {
        for (Bottleneck b : values()) {
            if (b.name().equalsIgnoreCase(id.strip())) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown bottleneck '" + id + "' (expected B1..B6)");
    }
}
