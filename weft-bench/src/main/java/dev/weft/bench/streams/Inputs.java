package dev.weft.bench.streams;

/**
 * The suite's inputs, generated from a counter so that the Rust peers ({@code weft-bench/peers/rust/src/streams.rs})
 * make the same ones: element {@code i} is drawn from {@link #at}, SplitMix64's output function over a Weyl
 * sequence, and answers are hashed with {@link #step} and {@link #fnv}.
 */
final class Inputs {
    static final long SEED = 20261127L;

    private Inputs() {
    }

    /** SplitMix64's output function. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The {@code i}-th random 64-bit value of stream {@code seed}. */
    static long at(long seed, long i) {
        return mix(seed + (i + 1) * 0x9E3779B97F4A7C15L);
    }

    /** The {@code i}-th value of stream {@code seed} in {@code [0, bound)}. */
    static long below(long seed, long i, long bound) {
        return (at(seed, i) >>> 1) % bound;
    }

    /** One step of an order-sensitive hash of a sequence of longs (FNV-1a's step over 64-bit words). */
    static long step(long h, long v) {
        return (h ^ v) * 0x100000001B3L;
    }

    /** The start of an order-sensitive hash ({@link #step}). */
    static final long START = 0xCBF29CE484222325L;

    /** FNV-1a 64 of a string's characters (the suite's words are ASCII, so they are its UTF-8 bytes too). */
    static long fnv(String s) {
        long h = START;
        for (int i = 0; i < s.length(); i++) {
            h = (h ^ s.charAt(i)) * 0x100000001B3L;
        }
        return h;
    }

    /** The order-sensitive hash of {@code a}: "length/hash", the text form of an array answer. */
    static String ofArray(long[] a) {
        long h = START;
        for (long v : a) {
            h = step(h, v);
        }
        return a.length + "/" + Long.toUnsignedString(h);
    }
}
