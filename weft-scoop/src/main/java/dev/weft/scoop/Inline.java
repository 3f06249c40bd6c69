package dev.weft.scoop;

/**
 * Which lone calls run on their client (PROTOCOL.md "Lone calls on the client"). A call logged by
 * {@link Separate#call} on an idle handler with nothing queued may run at once on the client's worker, as a
 * query does: the cost of a block drops to a CAS on the handler's state and the idle handshake. Two things
 * such a call must not be, and neither is visible in its code, so this class learns them per class of
 * action (a lambda or method reference is one class per call site):
 *
 * <ul>
 * <li><b>Long.</b> A call is how a client starts parallel work: {@code for (w : workers) w.call(Worker::run)}
 *     must not run the workers one after another on the client. Every {@value #SAMPLE_EVERY}th call a
 *     handler runs, and every {@value #SAMPLE_EVERY}th lone call a client runs, is timed; a class runs on clients only once its
 *     samples, short ones counted up and long ones down ({@link Stats#score}), show it takes under
 *     {@value #SHORT_NANOS} ns — a few times what handing the
 *     call to another worker costs — and long samples send it back to the queue.</li>
 * <li><b>Waiting.</b> A call that waits (a query or a wait condition on another handler) may wait for
 *     something its client does after {@code call} returns; run on the client, it would wait for itself.
 *     A call class whose call parks while running on a client never runs on a client again, and the first
 *     such park is logged. (The park itself is the one case this cannot rule out: a short call class that
 *     waits for the first time while on its client. See the README's performance model.)</li>
 * </ul>
 */
final class Inline {
    /**
     * Calls under this many nanoseconds run on clients. Handing a call to another worker costs about a
     * microsecond; the bar is higher because a timed call includes two clock reads (up to a few hundred
     * nanoseconds each on a loaded machine) and, early on, the interpreter: a class must not be taken for
     * long because it was timed cold. A call between the two gives up at most that much parallelism.
     */
    static final long SHORT_NANOS = 10_000;
    /** Calls between two timed ones (a power of two): two clock reads cost about what a lone call does. */
    static final int SAMPLE_EVERY = 64;
    /** Short samples (net of long ones) before a class runs on clients. */
    static final int SHORT_SAMPLES = 2;
    static final int MAX_SCORE = 16;
    static final int LONG_PENALTY = 4;

    private static final System.Logger LOG = System.getLogger("dev.weft.scoop");

    private Inline() {
    }

    /** What is known of one class of call actions. Racy plain fields: a heuristic, any value is safe. */
    static final class Stats {
        final Class<?> type;
        /**
         * Evidence that calls of this class are short: +1 a short sample, -{@value #LONG_PENALTY} a long one,
         * within [0, {@value #MAX_SCORE}]. A lone long sample (the thread was preempted while timed) leaves a
         * short class on clients; a long class drops below the bar within a few samples.
         */
        int score;
        /** A call of this class waited while it ran on a client. */
        boolean waits;

        Stats(Class<?> type) {
            this.type = type;
        }

        boolean onClient() {
            return score >= SHORT_SAMPLES && !waits;
        }

        void sample(long nanos) {
            int s = score;
            score = nanos < SHORT_NANOS ? Math.min(s + 1, MAX_SCORE) : Math.max(s - LONG_PENALTY, 0);
        }
    }

    private static final ClassValue<Stats> STATS = new ClassValue<>() {
        @Override
        protected Stats computeValue(Class<?> type) {
            return new Stats(type);
        }
    };

    /** The stats of {@code action}'s class, through the client's one-entry cache (client-owned). */
    static Stats of(Client client, Object action) {
        Stats s = client.lastStats;
        if (s != null && s.type == action.getClass()) {
            return s;
        }
        return lookUp(client, action);
    }

    private static Stats lookUp(Client client, Object action) {
        Stats s = STATS.get(action.getClass());
        client.lastStats = s;
        return s;
    }

    /** Whether a call the handler runs is one to time. {@code n} counts the handler's calls. */
    static boolean sampled(long n) {
        return (n & (SAMPLE_EVERY - 1)) == 0;
    }

    /** Records a timed call of {@code action} that ran for {@code nanos} (on a handler or a client). */
    static void record(Object action, long nanos) {
        STATS.get(action.getClass()).sample(nanos);
    }

    /**
     * Called by every client wait before it parks: a call running on its client that waits is marked, so
     * that its class goes through the queue from now on.
     */
    static void parking() {
        Client.Context ctx = Client.context();
        Stats s = ctx.loneStats;
        if (ctx.loneCall && !s.waits) {
            s.waits = true;
            LOG.log(System.Logger.Level.INFO, () -> "a call of " + s.type.getName() + ", run on its client's worker"
                    + " as a lone call on an idle handler, waits; calls of this class go through the handler's"
                    + " queue from now on (if this wait is for something the client does after call() returns,"
                    + " it cannot end: log such calls in a block with the work they wait for, or switch the"
                    + " fast path off with Scoop.builder(pool).loneCallsOnClient(false))");
        }
    }
}
