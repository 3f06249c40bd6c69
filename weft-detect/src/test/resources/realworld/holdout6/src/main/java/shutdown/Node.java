package shutdown;

/** The process a worker runs in: leaving it tells the cluster first. */
final class Node {
    private Node() {
    }

    /** Gives the last messages a moment to leave, then ends the process. */
    static void exit(int status) {
        System.err.println("node exiting with " + status);
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.exit(status);
    }
}
