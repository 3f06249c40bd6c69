package dev.weft.bench;

/** Entry point of {@code ./weft bench}; not implemented yet. */
public final class BenchMain {
    private BenchMain() {
    }

    public static void main(String[] args) {
        System.err.println("weft bench: not implemented yet");
        System.exit(2);
    }
}
