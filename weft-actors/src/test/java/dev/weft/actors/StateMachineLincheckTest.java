package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * The mailbox and scheduling state machine of {@link ActorCell} under Lincheck's model checker, which runs
 * each scenario under many thread interleavings, switching threads at every shared-memory access. The pool
 * is replaced by a slot that holds the one pending activation: a second activation while one is pending or
 * running (a double activation) fails at once, and "runner" threads run whatever is pending.
 *
 * <p>After the threads end, pending activations run to completion and the test checks that every message
 * was handled exactly once or, after a stop, dead-lettered exactly once; that each sender's messages were
 * handled in send order; that a stopped actor ran its stop procedure once; and that the actor is idle with
 * an empty mailbox — no lost wake-up: a message enqueued while the actor went idle was still handled.
 *
 * <p>Checked by planting bugs: without the re-check of the mailbox after clearing SCHEDULED (the "going
 * idle" Dekker), the generated scenarios fail within these settings (as did a fork-on-send scenario with
 * throughput 64, dropped to keep the suite short: {@link Yielding} covers the same transitions and the
 * yields); without the fast path's "mailbox empty" test, the fixed {@link OneSender} scenario finds a
 * sender's third message handled before its second; without the going-idle activation's look at STOPPED,
 * {@link #aStopWhileTheActivationGoesIdleIsNeverLost} finds the lost stop (5 runs of 5). That stop race was
 * long missed here: Lincheck 3.7 puts no thread switch before {@code VarHandle.getAndBitwiseAnd}, so with
 * fork-on-send scheduling the model checker had no place to stop the activation inside the window (see
 * {@link Stopping.Adaptive}); {@link StopRaceTest} still covers it with real threads. One planted bug stays in
 * the suite: {@link #catchesAClaimWithoutCas} runs {@link Yielding}'s options on senders that claim an idle
 * actor with a read and then a write instead of the CAS, and requires the check to fail.
 */
class StateMachineLincheckTest {
    /** Scenarios per test and interleavings per scenario; raise them for a long run (a few minutes each). */
    private static final int INVOCATIONS = Integer.getInteger("weft.lincheck.invocations", 500);
    private static final int ITERATIONS = Integer.getInteger("weft.lincheck.iterations", 2);
    /** The cell's state, for the planted read-then-write claim. */
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.privateLookupIn(ActorCell.class, MethodHandles.lookup())
                    .findVarHandle(ActorCell.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A system whose activations wait in {@link #pending} until a test thread runs them. */
    static final class Harness {
        final AtomicReference<ActorCell<?>> pending = new AtomicReference<>();
        final List<String> violations = new ArrayList<>();
        final ConcurrentLinkedQueue<Object> deadLetters = new ConcurrentLinkedQueue<>();
        final List<Object> handled = new ArrayList<>(); // written by the (one) running activation
        final ActorSystem system;
        final ActorCell<Object> cell;

        Harness(Scheduling scheduling, int throughput) {
            this(scheduling, throughput, false);
        }

        /** {@code plainClaim}: the planted fault, an idle→scheduled transition by a read and then a write. */
        Harness(Scheduling scheduling, int throughput, boolean plainClaim) {
            Dispatcher d = new Dispatcher(null, throughput, scheduling) {
                @Override
                boolean claim(ActorCell<?> c, int s) {
                    if (!plainClaim) {
                        return super.claim(c, s);
                    }
                    if ((int) STATE.getVolatile(c) != s) {
                        return false;
                    }
                    STATE.setVolatile(c, s | ActorCell.SCHEDULED); // another claimant may have read s too
                    return true;
                }

                @Override
                void fork(ActorCell<?> c) {
                    submit(c);
                }

                @Override
                void charge(int messages) {
                    // no pool, no chain
                }

                @Override
                void submit(ActorCell<?> c) {
                    if (!pending.compareAndSet(null, c)) {
                        synchronized (violations) {
                            violations.add("a second activation was started while one was pending");
                        }
                    }
                }
            };
            system = new ActorSystem(d, (a, t) -> {
                synchronized (violations) {
                    violations.add("failure " + t);
                }
            }, (a, m) -> deadLetters.add(m));
            cell = system.newActor(null, "subject", () -> (ctx, m) -> {
                handled.add(m);
                return Behavior.same();
            }, Props.create());
        }

        /** Runs the pending activation, if any, as one started from outside the pool; false if none was pending. */
        boolean runPending() {
            return runPending(true);
        }

        /**
         * Runs the pending activation, if any; false if none was pending. {@code fromOutside}: as one started
         * from outside the pool, which spins for more messages before it goes idle; else as a worker's fork.
         */
        boolean runPending(boolean fromOutside) {
            ActorCell<?> c = pending.getAndSet(null);
            if (c == null) {
                return false;
            }
            c.process(fromOutside);
            return true;
        }

        void drain() {
            int rounds = 0;
            while (runPending()) {
                if (++rounds > 1_000) {
                    throw new AssertionError("activations do not end");
                }
            }
        }

        /** Every message of {@code sent} handled or dead-lettered exactly once, each sender's in order. */
        void check(List<List<String>> sentPerSender, boolean stopped) {
            assertEquals(List.of(), violations);
            List<Object> all = new ArrayList<>(handled);
            all.addAll(deadLetters);
            int total = 0;
            for (List<String> sent : sentPerSender) {
                total += sent.size();
                List<Object> mine = new ArrayList<>();
                for (Object m : handled) {
                    if (sent.contains(m)) {
                        mine.add(m);
                    }
                }
                assertEquals(sent.subList(0, mine.size()), mine, "a sender's handled messages are a prefix, in order");
                for (String m : sent) {
                    assertEquals(1, all.stream().filter(x -> x.equals(m)).count(), m + " exactly once");
                }
            }
            assertEquals(total, all.size());
            if (!stopped) {
                assertTrue(deadLetters.isEmpty(), "no dead letters without a stop: " + deadLetters);
            } else {
                assertTrue(cell.isStopped());
                assertEquals(0, system.liveActors(), "the stop procedure ran");
            }
            assertFalse(cell.hasMessages(), "no message left behind");
            assertNull(pending.get());
        }
    }

    /**
     * The operations Lincheck mixes into scenarios: two senders (each in its own thread, so that its
     * messages have an order), runners of the pending activation, and a stop. They return nothing, so any
     * outcome is linearizable; what is checked is the state afterwards ({@link #check}).
     */
    abstract static class Scenario {
        final Harness h;
        final List<String> sentA = new ArrayList<>();
        final List<String> sentB = new ArrayList<>();
        volatile boolean stopped;

        Scenario(Scheduling scheduling, int throughput) {
            this(scheduling, throughput, false);
        }

        Scenario(Scheduling scheduling, int throughput, boolean plainClaim) {
            h = new Harness(scheduling, throughput, plainClaim);
        }

        @Operation(nonParallelGroup = "a")
        public void sendA() {
            String m = "a" + sentA.size();
            sentA.add(m);
            h.cell.send(m);
        }

        @Operation(nonParallelGroup = "b")
        public void sendB() {
            String m = "b" + sentB.size();
            sentB.add(m);
            h.cell.send(m);
        }

        @Operation
        public void run() {
            h.runPending();
        }

        /** Each scenario class annotates its own override with {@code @Validate} (Lincheck wants one). */
        public void check() {
            h.drain();
            h.check(List.of(sentA, sentB), stopped);
        }
    }

    /** Throughput 1: the activation yields after every message, so yields race with sends too. */
    public static class Yielding extends Scenario {
        public Yielding() {
            super(Scheduling.FORK_ON_SEND, 1);
        }

        @Override
        @Validate
        public void check() {
            super.check();
        }
    }

    /** {@link Yielding} with the planted fault: senders claim an idle actor with a read and then a write. */
    public static class PlainClaim extends Scenario {
        public PlainClaim() {
            super(Scheduling.FORK_ON_SEND, 1, true);
        }

        @Override
        @Validate
        public void check() {
            super.check();
        }
    }

    /**
     * One sender and runners only, so that the generated scenarios often put a sender's second message
     * into the moment its first one is queued and the activation goes idle: the fast path must not let the
     * second overtake the first (it checks the mailbox is empty).
     */
    public static class OneSender {
        final Harness h = new Harness(Scheduling.FORK_ON_SEND, 64);
        final List<String> sent = new ArrayList<>();

        @Operation(nonParallelGroup = "a")
        public void send() {
            String m = "a" + sent.size();
            sent.add(m);
            h.cell.send(m);
        }

        @Operation
        public void run() {
            h.runPending();
        }

        @Validate
        public void check() {
            h.drain();
            h.check(List.of(sent), false);
        }
    }

    /**
     * A stop that races with a sender and with the activation going idle (its own class, with only these
     * operations, so that the generated scenarios put the stop beside a running activation often).
     */
    public static class Stopping {
        final Harness h = harness();
        final List<String> sent = new ArrayList<>();
        volatile boolean stopped;

        Harness harness() {
            return new Harness(Scheduling.FORK_ON_SEND, 64);
        }

        /**
         * Adaptive scheduling: going idle, the activation samples its window counters (plain fields of the
         * cell) between its last look at STOPPED and its clearing of SCHEDULED. Those accesses give the model
         * checker a place to switch threads inside that window; Lincheck 3.7 puts none before a
         * {@code VarHandle.getAndBitwiseAnd} (it shows it as a plain method call), so with fork-on-send
         * scheduling the window has no switch point at all and the stop race cannot be found.
         */
        public static class Adaptive extends Stopping {
            @Override
            Harness harness() {
                return new Harness(Scheduling.ADAPTIVE, 64);
            }
        }

        @Operation(nonParallelGroup = "a")
        public void send() {
            String m = "a" + sent.size();
            sent.add(m);
            h.cell.send(m);
        }

        @Operation
        public void run() {
            h.runPending();
        }

        /** Runs the pending activation as a worker's fork: it goes idle without spinning for more messages. */
        @Operation
        public void runAsFork() {
            h.runPending(false);
        }

        @Operation(nonParallelGroup = "s")
        public void stop() {
            stopped = true;
            h.cell.requestStop();
        }

        @Validate
        public void check() {
            h.drain();
            h.check(List.of(sent), stopped);
        }
    }

    private static Actor op(Class<?> c, String method) throws NoSuchMethodException {
        return new Actor(c.getMethod(method), List.of(), false, false, false, false, false);
    }

    /** Explores the interleavings of one fixed scenario (no generated ones). */
    private static void explore(Class<?> c, List<Actor> init, List<List<Actor>> parallel) throws Exception {
        explore(c, init, parallel, INVOCATIONS * 8);
    }

    private static void explore(Class<?> c, List<Actor> init, List<List<Actor>> parallel, int invocations)
            throws Exception {
        new ModelCheckingOptions()
                .iterations(0)
                .invocationsPerIteration(invocations)
                .addCustomScenario(new ExecutionScenario(init, parallel, List.of(), op(c, "check")))
                .check(c);
    }

    /**
     * Generated scenarios over {@code scenario}'s operations, and first one written out: both senders and a
     * runner at once on an idle actor, the moment two senders may both see it idle and claim it.
     */
    private static ModelCheckingOptions withTwoSenders(Class<? extends Scenario> scenario) throws Exception {
        return options(3, 2, 1).addCustomScenario(new ExecutionScenario(List.of(),
                List.of(List.of(op(scenario, "sendA"), op(scenario, "sendA")), List.of(op(scenario, "sendB")),
                        List.of(op(scenario, "run"))),
                List.of(), op(scenario, "check")));
    }

    /** {@code focus}: the narrow races need more interleavings per scenario to be found. */
    private static ModelCheckingOptions options(int threads, int actorsPerThread, int focus) {
        return new ModelCheckingOptions()
                .iterations(ITERATIONS)
                .invocationsPerIteration(INVOCATIONS * focus)
                .threads(threads)
                .actorsPerThread(actorsPerThread)
                .actorsBefore(1)
                .actorsAfter(0);
    }

    @Test
    void yieldingActivationsNeitherLoseNorDuplicateMessages() throws Exception {
        withTwoSenders(Yielding.class).check(Yielding.class);
    }

    /** The same check fails when senders claim an idle actor without a CAS: it is sized to find that race. */
    @Test
    void catchesAClaimWithoutCas() throws Exception {
        // Not minimised: the first failing scenario is enough, and minimising it reruns the check many times.
        LincheckAssertionError e = assertThrows(LincheckAssertionError.class,
                () -> withTwoSenders(PlainClaim.class).minimizeFailedScenario(false).check(PlainClaim.class));
        assertTrue(e.getMessage().contains("Validation function check has failed"), e.getMessage());
    }

    /**
     * The reordering race, as a fixed scenario whose interleavings the model checker explores: a message
     * queued while the activation runs, then the sender's next one while the activation goes idle.
     */
    @Test
    void aSendersSecondMessageNeverOvertakesItsFirst() throws Exception {
        explore(OneSender.class, List.of(op(OneSender.class, "send")),
                List.of(List.of(op(OneSender.class, "send"), op(OneSender.class, "send")),
                        List.of(op(OneSender.class, "run"))));
    }

    /**
     * The stop race, as a fixed scenario: an activation handles a message and goes idle while a stop comes
     * between its last look at STOPPED and its clearing of SCHEDULED. The stop sees SCHEDULED set and leaves the
     * stop procedure to the activation, which must notice the STOPPED bit as it goes idle. With that check
     * removed (the bug {@link StopRaceTest} was written for), this test fails; see {@link Stopping.Adaptive}
     * for why it runs under adaptive scheduling.
     */
    @Test
    void aStopWhileTheActivationGoesIdleIsNeverLost() throws Exception {
        Class<?> c = Stopping.Adaptive.class;
        explore(c, List.of(op(c, "send")), List.of(List.of(op(c, "runAsFork")), List.of(op(c, "stop"))), INVOCATIONS / 5);
    }

    @Test
    void aStopRacingWithSendsAndIdlingIsNeverLost() {
        options(2, 2, 3).check(Stopping.class);
    }
}
