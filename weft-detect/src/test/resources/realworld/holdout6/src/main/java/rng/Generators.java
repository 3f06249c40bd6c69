package rng;

import java.util.Random;

/** The random generators a run may be configured with; each call makes a new one. */
final class Generators {
    enum Kind { JDK, XOR_SHIFT }

    static volatile Kind kind = Kind.JDK;

    private Generators() {
    }

    static Random make(long seed) {
        switch (kind) {
            case XOR_SHIFT:
                return new XorShift(seed);
            default:
                return new Random(seed);
        }
    }

    /** A small generator with Random's interface. */
    static final class XorShift extends Random {
        private static final long serialVersionUID = 1L;
        private long state;

        XorShift(long seed) {
            this.state = seed == 0 ? 0x9E3779B97F4A7C15L : seed;
        }

        @Override
        protected int next(int bits) {
            state ^= state << 13;
            state ^= state >>> 7;
            state ^= state << 17;
            return (int) (state >>> (64 - bits));
        }
    }
}
