package ga;

/** A candidate solution: a bit string and its fitness. */
public final class Genome {
    final boolean[] bits;
    double fitness;

    Genome(boolean[] bits) {
        this.bits = bits;
    }
}
