package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import java.util.ArrayList;
import java.util.List;

/**
 * Savina's chameneos: C chameneos go to a mall, which pairs them; a pair exchanges colours and both go
 * back, until the mall has held N meetings; then it sends each one home and each reports its meetings. The
 * mall is a hot spot with a backlog, the chameneos are idle when their messages arrive. (The SCOOP suite has
 * its own chameneos; this is the actors one.)
 */
public final class ChameneosMall extends ActorProgram {
    @Override
    public String name() {
        return "chameneos-mall";
    }

    @Override
    public String description() {
        return "Savina: 100 chameneos meet in pairs at a mall actor N times, exchanging colours";
    }

    @Override
    public Workload create(boolean quick) {
        int meetings = quick ? 100_000 : 1_000_000;
        return new Kernel("chameneos-mall(100, " + Checks.count(meetings) + " meetings)", 100, meetings);
    }

    record Start(Round round, Ref mall) {
    }

    record MeetMe(Ref who, int colour) {
    }

    record Meet(Ref other, int colour) {
    }

    record Change(int colour) {
    }

    record Exit() {
    }

    record Open(Round round, int meetings, int chameneos) {
    }

    static int complement(int a, int b) {
        return a == b ? a : 3 - a - b; // three colours: 0, 1, 2
    }

    static final class Mall extends Logic {
        private int left;
        private Ref waiting;

        @Override
        void receive(Object m) {
            switch (m) {
                case Open o -> {
                    left = o.meetings();
                    waiting = null;
                }
                case MeetMe me -> {
                    if (left == 0) {
                        me.who().tell(new Exit());
                    } else if (waiting == null) {
                        waiting = me.who();
                    } else {
                        left--;
                        waiting.tell(new Meet(me.who(), me.colour()));
                        waiting = null;
                    }
                }
                default -> throw new IllegalArgumentException(String.valueOf(m));
            }
        }
    }

    static final class Chameneo extends Logic {
        Ref self;
        private Ref mall;
        private int colour;
        private final int initial;

        Chameneo(int colour) {
            this.initial = colour;
        }

        @Override
        void receive(Object m) {
            switch (m) {
                case Start s -> {
                    round = s.round();
                    count = 0;
                    sum = 0;
                    mall = s.mall();
                    colour = initial;
                    mall.tell(new MeetMe(self, colour));
                }
                case Meet meet -> {
                    colour = complement(colour, meet.colour());
                    count(round, 1);
                    meet.other().tell(new Change(colour));
                    mall.tell(new MeetMe(self, colour));
                }
                case Change c -> {
                    colour = c.colour();
                    count(round, 1);
                    mall.tell(new MeetMe(self, colour));
                }
                case Exit e -> round.report(count, sum);
                default -> throw new IllegalArgumentException(String.valueOf(m));
            }
        }
    }

    static final class Kernel extends ActorWorkload<List<Ref>> {
        private final int chameneos;
        private final int meetings;

        Kernel(String label, int chameneos, int meetings) {
            super(label);
            this.chameneos = chameneos;
            this.meetings = meetings;
        }

        /** The mall first, then the chameneos. */
        @Override
        List<Ref> build(Spawner spawner) {
            List<Ref> refs = new ArrayList<>();
            refs.add(spawner.spawn("mall", new Mall()));
            for (int i = 0; i < chameneos; i++) {
                Chameneo c = new Chameneo(i % 3);
                Ref r = spawner.spawn("chameneo-" + i, c);
                c.self = r;
                refs.add(r);
            }
            return refs;
        }

        @Override
        Round.Tally runRound(List<Ref> refs) throws Exception {
            Round round = new Round(chameneos, false);
            Ref mall = refs.get(0);
            mall.tell(new Open(round, meetings, chameneos));
            // the chameneos' first visits reach the mall after its Open: it is sent first, from this thread,
            // and every visit is caused by a Start sent after it
            for (int i = 1; i < refs.size(); i++) {
                refs.get(i).tell(new Start(round, mall));
            }
            return round.await(label());
        }

        @Override
        Round.Tally expected() {
            long m = meetings;
            return new Round.Tally(2 * m, 2 * m); // each meeting: a Meet and a Change, one each
        }
    }
}
