package dev.weft.detect;

/** Entry point of {@code ./weft detect}; not implemented yet. */
public final class DetectMain {
    private DetectMain() {
    }

    public static void main(String[] args) {
        System.err.println("weft detect: not implemented yet");
        System.exit(2);
    }
}
