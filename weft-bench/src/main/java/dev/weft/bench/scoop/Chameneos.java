package dev.weft.bench.scoop;

import dev.weft.bench.programs.Checks;
import dev.weft.scoop.Scoop;
import dev.weft.scoop.Separate;
import java.util.ArrayList;
import java.util.List;

/**
 * The Benchmarks Game's chameneos (redux), as in West, Nanz, Meyer 2015: ten creatures of three colours meet in pairs at a
 * meeting place, each meeting turning both into the complement of their two colours, until N meetings have
 * happened. SCOOP (as Quicksilver's): the broker and every creature are handlers, and every interaction is
 * an asynchronous call — a creature asks the broker for a meeting, the broker pairs two askers and tells
 * each the other's colour. Threads: a creature per thread meeting at a {@code synchronized} place with
 * {@code wait}/{@code notifyAll}.
 *
 * <p>Checked: 2N meetings in all, nobody met itself, and the sum of the colours modulo 3 — which every
 * meeting preserves — is what it was.
 */
public final class Chameneos extends ScoopSuite.SuiteProgram {
    /** The Benchmarks Game's second run: blue red yellow red yellow blue red yellow red blue. */
    static final int[] COLOURS = {0, 1, 2, 1, 2, 0, 1, 2, 1, 0};

    public Chameneos() {
        super(false);
    }

    @Override
    public String name() {
        return "chameneos";
    }

    @Override
    public String description() {
        return "ten creatures meet in pairs at a broker N times, changing colours";
    }

    @Override
    public Work create(boolean quick) {
        return new Work(quick ? 20_000 : 600_000);
    }

    static int complement(int a, int b) {
        return a == b ? a : 3 - a - b;
    }

    /** What the creatures report: colours after, meetings, self-meetings. */
    record Outcome(int[] colours, long meetings, long selfMet) {
    }

    /** A creature handler's object. */
    static final class Creature {
        final int id;
        int colour;
        long meetings;
        long selfMet;
        Separate<Broker> broker;
        Separate<Creature> self;

        Creature(int id, int colour) {
            this.id = id;
            this.colour = colour;
        }

        void request() {
            int myId = id;
            int myColour = colour;
            Separate<Creature> me = self;
            broker.call(b -> b.register(myId, myColour, me));
        }

        void meet(int otherId, int otherColour) {
            if (otherId == id) {
                selfMet++;
            }
            colour = complement(colour, otherColour);
            meetings++;
            request();
        }
    }

    /** The meeting place's handler object. */
    static final class Broker {
        final int max;
        int meetings;
        Separate<Creature> waiting;
        int waitingId;
        int waitingColour;
        Separate<boolean[]> done;

        Broker(int max) {
            this.max = max;
        }

        void register(int id, int colour, Separate<Creature> c) {
            if (meetings == max) {
                return; // all meetings are done: the creature stops
            }
            if (waiting == null) {
                waiting = c;
                waitingId = id;
                waitingColour = colour;
                return;
            }
            Separate<Creature> other = waiting;
            int otherId = waitingId;
            int otherColour = waitingColour;
            waiting = null;
            meetings++;
            other.call(x -> x.meet(id, colour));
            c.call(x -> x.meet(otherId, otherColour));
            if (meetings == max) {
                done.call(d -> d[0] = true);
            }
        }
    }

    static Outcome scoop(Scoop scoop, int max) {
        return scoop.pool().invoke(() -> {
            Separate<boolean[]> done = scoop.create(new boolean[1]);
            Broker b = new Broker(max);
            b.done = done;
            Separate<Broker> broker = scoop.create(b);
            List<Separate<Creature>> creatures = new ArrayList<>();
            for (int i = 0; i < COLOURS.length; i++) {
                Creature c = new Creature(i, COLOURS[i]);
                c.broker = broker;
                Separate<Creature> ref = scoop.create(c);
                c.self = ref;
                creatures.add(ref);
            }
            for (Separate<Creature> c : creatures) {
                c.call(Creature::request);
            }
            Scoop.separate(done, d -> d.test(x -> x[0]), d -> { });
            int[] colours = new int[COLOURS.length];
            long meetings = 0;
            long self = 0;
            for (int i = 0; i < creatures.size(); i++) {
                long[] r = creatures.get(i).query(x -> new long[] {x.colour, x.meetings, x.selfMet});
                colours[i] = (int) r[0];
                meetings += r[1];
                self += r[2];
            }
            return new Outcome(colours, meetings, self);
        });
    }

    /** The meeting place of the threads version. */
    static final class Place {
        private int remaining;
        private ThreadCreature first;

        Place(int meetings) {
            this.remaining = meetings;
        }

        /** Meets another creature; returns false when all meetings are done. */
        synchronized boolean meet(ThreadCreature c) throws InterruptedException {
            if (remaining == 0) {
                return false;
            }
            if (first == null) {
                first = c;
                c.met = false;
                while (!c.met) {
                    if (remaining == 0) {
                        first = null; // nobody will come: the meetings are over
                        return false;
                    }
                    wait();
                }
                return true;
            }
            ThreadCreature a = first;
            first = null;
            remaining--;
            a.partnerId = c.id;
            a.partnerColour = c.colour;
            c.partnerId = a.id;
            c.partnerColour = a.colour;
            a.met = true;
            notifyAll();
            return true;
        }
    }

    /** A creature of the threads version; its fields are guarded by the place's monitor. */
    static final class ThreadCreature {
        final int id;
        int colour;
        long meetings;
        long selfMet;
        int partnerId;
        int partnerColour;
        boolean met;

        ThreadCreature(int id, int colour) {
            this.id = id;
            this.colour = colour;
        }
    }

    static Outcome threads(int max) throws InterruptedException {
        Place place = new Place(max);
        ThreadCreature[] cs = new ThreadCreature[COLOURS.length];
        Thread[] ts = new Thread[COLOURS.length];
        for (int i = 0; i < cs.length; i++) {
            ThreadCreature c = new ThreadCreature(i, COLOURS[i]);
            cs[i] = c;
            ts[i] = new Thread(() -> {
                try {
                    while (place.meet(c)) {
                        synchronized (place) {
                            if (c.partnerId == c.id) {
                                c.selfMet++;
                            }
                            c.colour = complement(c.colour, c.partnerColour);
                            c.meetings++;
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        int[] colours = new int[cs.length];
        long meetings = 0;
        long self = 0;
        for (int i = 0; i < cs.length; i++) {
            colours[i] = cs[i].colour;
            meetings += cs[i].meetings;
            self += cs[i].selfMet;
        }
        return new Outcome(colours, meetings, self);
    }

    static final class Work extends ScoopSuite.SuiteWorkload {
        final int meetings;

        Work(int meetings) {
            this.meetings = meetings;
        }

        @Override
        public String label() {
            return "chameneos(" + COLOURS.length + "," + Checks.count(meetings) + ")";
        }

        @Override
        Object scoop(Scoop scoop, int workers) {
            return Chameneos.scoop(scoop, meetings);
        }

        @Override
        Object threads(int workers) throws InterruptedException {
            return Chameneos.threads(meetings);
        }

        @Override
        public void check(Object result, Object reference) {
            Outcome o = (Outcome) result;
            Checks.equal(2L * meetings, o.meetings());
            Checks.equal(0L, o.selfMet());
            int before = 0;
            int after = 0;
            for (int i = 0; i < COLOURS.length; i++) {
                before += COLOURS[i];
                after += o.colours()[i];
            }
            Checks.equal(before % 3, after % 3);
        }

        @Override
        public long operations() {
            return meetings;
        }
    }
}
