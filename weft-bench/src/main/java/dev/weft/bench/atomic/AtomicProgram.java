package dev.weft.bench.atomic;

import dev.weft.bench.Engine;
import dev.weft.bench.Program;
import java.util.List;

/**
 * What every program of the atomic-sets suite shares: its four versions ({@link AtomicWorkload#ENGINES}),
 * atomic sets on Weft as the subject and the usual thread pool as the reference it must match or beat.
 */
abstract class AtomicProgram implements Program {
    @Override
    public final String suite() {
        return AtomicWorkload.SUITE;
    }

    @Override
    public final List<Engine> engines() {
        return AtomicWorkload.ENGINES;
    }

    @Override
    public final Engine subject() {
        return AtomicWorkload.WEFT_ATOMIC;
    }

    @Override
    public final Engine reference() {
        return AtomicWorkload.THREADS;
    }
}
