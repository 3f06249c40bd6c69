package dev.weft.scoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.Weft;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Atomic multi-reservation (West, Nanz, Meyer 2015 §2.4): blocks that reserve several handlers are ordered the same way
 * on every handler they share, so West, Nanz, Meyer 2015's two handlers whose colours writers always set together are
 * always seen with equal colours by a block that reserves both — whatever the argument order.
 */
class MultiReservationTest {
    /** Handler-owned: a colour and the ids of the blocks that painted it, in the order they ran. */
    static final class Swatch {
        int colour;
        final List<Integer> painters = new ArrayList<>();
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void twoHandlersPaintedTogetherAreAlwaysSeenEqual(Modes m) {
        for (int p : new int[] {1, 3}) {
            Hang.within(Duration.ofSeconds(60), () -> m.with(p, scoop -> {
                Separate<Swatch> x = scoop.create(new Swatch());
                Separate<Swatch> y = scoop.create(new Swatch());
                int writers = 8;
                int readers = 4;
                int rounds = 150;
                AtomicInteger mismatches = new AtomicInteger();
                AtomicInteger reads = new AtomicInteger();
                List<Thread> threads = new ArrayList<>();
                for (int r = 0; r < readers; r++) {
                    int seed = r;
                    Thread t = new Thread(() -> read(x, y, seed, rounds, mismatches, reads));
                    threads.add(t);
                    t.start();
                }
                scoop.pool().run(() -> Weft.parallelFor(0, writers, w -> {
                    SplittableRandom rnd = new SplittableRandom(w);
                    for (int i = 0; i < rounds; i++) {
                        int id = w * rounds + i;
                        int colour = rnd.nextInt(1000);
                        if (rnd.nextBoolean()) {
                            Scoop.separate(x, y, (a, b) -> {
                                a.call(s -> paint(s, colour, id));
                                b.call(s -> paint(s, colour, id));
                            });
                        } else {
                            Scoop.separate(y, x, (b, a) -> { // the other argument order
                                b.call(s -> paint(s, colour, id));
                                a.call(s -> paint(s, colour, id));
                            });
                        }
                        if (i % 16 == 0) {
                            read(x, y, i, 1, mismatches, reads); // writers read too
                        }
                    }
                }));
                for (Thread t : threads) {
                    t.join();
                }
                assertEquals(0, mismatches.get(), "a block reserving both saw different colours");
                assertTrue(reads.get() >= readers * rounds);
                List<Integer> onX = x.query(s -> List.copyOf(s.painters));
                List<Integer> onY = y.query(s -> List.copyOf(s.painters));
                assertEquals(writers * rounds, onX.size());
                assertEquals(onX, onY, "the painting blocks ran in a different order on the two handlers");
            }));
        }
    }

    static void paint(Swatch s, int colour, int id) {
        s.colour = colour;
        s.painters.add(id);
    }

    static void read(Separate<Swatch> x, Separate<Swatch> y, int seed, int rounds, AtomicInteger mismatches,
            AtomicInteger reads) {
        SplittableRandom rnd = new SplittableRandom(seed + 100);
        for (int i = 0; i < rounds; i++) {
            boolean equal = rnd.nextBoolean()
                    ? Scoop.separateGet(x, y, (a, b) -> a.queryInt(s -> s.colour) == b.queryInt(s -> s.colour))
                    : Scoop.separateGet(y, x, (b, a) -> a.queryInt(s -> s.colour) == b.queryInt(s -> s.colour));
            if (!equal) {
                mismatches.incrementAndGet();
            }
            reads.incrementAndGet();
        }
    }

    /**
     * Blocks over random subsets (two or three of four handlers), named in random orders: on every pair of
     * handlers, the blocks that reserved both ran in the same relative order.
     */
    @ParameterizedTest
    @EnumSource(Modes.class)
    void overlappingBlocksAreOrderedConsistentlyOnEverySharedHandler(Modes m) {
        Hang.within(Duration.ofSeconds(60), () -> m.with(4, scoop -> {
            List<Separate<Swatch>> hs = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                hs.add(scoop.create(new Swatch()));
            }
            int clients = 10;
            int rounds = 120;
            scoop.pool().run(() -> Weft.parallelFor(0, clients, c -> {
                SplittableRandom rnd = new SplittableRandom(31L * c + 7);
                for (int i = 0; i < rounds; i++) {
                    int id = c * rounds + i;
                    List<Separate<Swatch>> pick = new ArrayList<>(hs);
                    for (int k = pick.size() - 1; k > 0; k--) { // shuffle
                        int j = rnd.nextInt(k + 1);
                        pick.set(k, pick.set(j, pick.get(k)));
                    }
                    List<Separate<Swatch>> chosen = pick.subList(0, 2 + rnd.nextInt(2));
                    Scoop.separateAll(chosen, views -> {
                        for (Reserved<?> v : views) {
                            Blocks.<Swatch>cast(v).call(s -> s.painters.add(id));
                        }
                    });
                }
            }));
            List<List<Integer>> orders = new ArrayList<>();
            for (Separate<Swatch> h : hs) {
                orders.add(h.query(s -> List.copyOf(s.painters)));
            }
            int total = orders.stream().mapToInt(List::size).sum();
            assertTrue(total >= 2 * clients * rounds);
            for (int a = 0; a < orders.size(); a++) {
                for (int b = a + 1; b < orders.size(); b++) {
                    assertEquals(common(orders.get(a), orders.get(b)), common(orders.get(b), orders.get(a)),
                            "handlers " + a + " and " + b + " ran shared blocks in different orders");
                }
            }
        }));
    }

    /** The elements of {@code xs} that are also in {@code ys}, in {@code xs}' order. */
    static List<Integer> common(List<Integer> xs, List<Integer> ys) {
        Map<Integer, Boolean> in = new HashMap<>();
        ys.forEach(v -> in.put(v, true));
        List<Integer> out = new ArrayList<>();
        for (Integer v : xs) {
            if (in.containsKey(v)) {
                out.add(v);
            }
        }
        return out;
    }
}
