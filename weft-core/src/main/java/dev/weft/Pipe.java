package dev.weft;

/**
 * A parallel iterator's pipeline: its source, its intermediate stages composed into one function from
 * the terminal's consumer to the consumer the source feeds, and the pool it runs on. Immutable: every
 * intermediate operation returns a new pipe, so a {@code ParStream} may be reused or branched.
 */
final class Pipe {
    /** One intermediate stage: wraps the downstream consumer into the consumer of its input. */
    @FunctionalInterface
    interface Stage {
        /**
         * @param down the downstream consumer (a {@code Consumer}, {@code IntConsumer}, ...)
         * @param cut  the fold of this part, for stages that must stop early ({@code flatMap})
         */
        Object wrap(Object down, Fold cut);
    }

    final Source source;
    /** The stages composed, or null for none. */
    final Stage stages;
    /** Whether every stage maps one element to one element, so the count is the source's size. */
    final boolean sized;
    /** Where the terminal runs; null for the caller's pool, or the common pool outside any. */
    final WeftPool pool;

    Pipe(Source source, Stage stages, boolean sized, WeftPool pool) {
        this.source = source;
        this.stages = stages;
        this.sized = sized;
        this.pool = pool;
    }

    static Pipe of(Source source) {
        return new Pipe(source, null, source.indexed(), null);
    }

    Pipe then(Stage stage, boolean keepsSize) {
        Stage prev = stages;
        Stage all = prev == null ? stage : (down, cut) -> prev.wrap(stage.wrap(down, cut), cut);
        return new Pipe(source, all, sized && keepsSize, pool);
    }

    Pipe on(WeftPool p) {
        return new Pipe(source, stages, sized, java.util.Objects.requireNonNull(p, "pool"));
    }

    /** The consumer the source feeds for a part folding into {@code fold}. */
    Object head(Fold fold) {
        Object sink = fold.sink();
        return stages == null ? sink : stages.wrap(sink, fold);
    }

    /** Runs the pipeline into {@code fold} (the first part's) and returns it, all parts merged. */
    <F extends Fold> F run(F fold) {
        ParRun.run(this, fold);
        return fold;
    }
}
