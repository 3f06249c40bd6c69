package dev.weft.scoop;

/**
 * The control items of a private queue. A call is stored as its action with the target as argument; a
 * marker is one of these constants (package-private, so no user action can be mistaken for one).
 */
final class Markers {
    static final int END = 0;
    static final int SYNC = 1;
    static final int SUSPEND = 2;
    static final int END_WAKE = 3;

    /** A marker; {@link #kind} selects the handler's action. */
    static final class Marker {
        final int kind;
        private final String name;

        private Marker(int kind, String name) {
            this.kind = kind;
            this.name = name;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** The client leaves its block: the handler moves on to the next private queue. */
    static final Marker END_BLOCK = new Marker(END, "END");
    /** A query's round trip: the handler signals the client and stays idle on this queue. */
    static final Marker SYNC_REQUEST = new Marker(SYNC, "SYNC");
    /**
     * A wait condition (arg: its {@link Guard}) the handler evaluates itself: if it holds, the block goes on;
     * else the block is suspended and the handler serves other clients until the condition holds.
     */
    static final Marker SUSPEND_BLOCK = new Marker(SUSPEND, "SUSPEND");
    /** END, and wake the client (arg: its {@link Wake}) when a later block of another client ends. */
    static final Marker END_AND_WAKE = new Marker(END_WAKE, "END_WAKE");

    private Markers() {
    }
}
