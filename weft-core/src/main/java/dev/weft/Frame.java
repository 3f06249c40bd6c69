package dev.weft;

/**
 * One entry of a worker's scope chain: the finish scope that governs the worker's pending slots from
 * index {@code base} upwards. The chain is private to its worker; it maps a slot to the innermost scope
 * that contains it when the slot is published ({@link Worker#finishOf}). A thief that runs a stolen job
 * of scope F pushes a frame for F at its own stack height, so the asyncs the job spawns there join F.
 */
final class Frame {
    final Finish finish;
    final int base;
    final Frame parent;

    Frame(Finish finish, int base, Frame parent) {
        this.finish = finish;
        this.base = base;
        this.parent = parent;
    }
}
