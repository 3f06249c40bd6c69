package dev.weft.scoop;

import dev.weft.WeftPool;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Atomic multi-handler reservation, model-checked by Lincheck: concurrent reservations of overlapping sets
 * of handlers (and single reservations, which take no lock) enqueue their private queues; afterwards, on
 * every pair of handlers, the reservations that share both must appear in the same order. The model
 * checker explores preemptions between a reservation's enqueues, which a stress test on two cores almost
 * never hits (removing the spin locks makes this check fail; the stress tests still passed).
 */
public class ReservationLincheckTest {
    /** Handlers need a runtime; nothing is ever run on this pool. */
    private static final Scoop SCOOP = Scoop.on(WeftPool.builder().parallelism(1).name("lincheck-reservation").build());

    private final Handler x = SCOOP.newHandler();
    private final Handler y = SCOOP.newHandler();
    private final Handler z = SCOOP.newHandler();
    private final AtomicLong ids = new AtomicLong();

    @Operation
    public void reserveXY() {
        reserve(x, y);
    }

    @Operation
    public void reserveYX() {
        reserve(y, x);
    }

    @Operation
    public void reserveYZ() {
        reserve(z, y);
    }

    @Operation
    public void reserveXYZ() {
        reserve(z, x, y);
    }

    @Operation
    public void reserveX() {
        reserve(x);
    }

    /** What Blocks.reserve does for fresh handlers, with each queue labelled by the reservation's id. */
    private void reserve(Handler... named) {
        long id = ids.incrementAndGet();
        Handler[] hs = named.clone();
        Arrays.sort(hs, Comparator.comparingLong(h -> h.id));
        PrivateQueue[] qs = new PrivateQueue[hs.length];
        int[] kind = new int[hs.length];
        for (int i = 0; i < hs.length; i++) {
            qs[i] = new PrivateQueue(hs[i], null);
            qs[i].opened = id; // the label the validation reads back
            kind[i] = Blocks.FRESH;
        }
        Blocks.enqueueAtomically(hs, qs, kind, hs.length);
    }

    @Validate
    public void sharedReservationsAreInTheSameOrderOnEveryHandler() {
        List<List<Long>> orders = List.of(drain(x), drain(y), drain(z));
        for (int a = 0; a < orders.size(); a++) {
            for (int b = a + 1; b < orders.size(); b++) {
                List<Long> ab = common(orders.get(a), orders.get(b));
                List<Long> ba = common(orders.get(b), orders.get(a));
                if (!ab.equals(ba)) {
                    throw new IllegalStateException("reservations ordered " + ab + " on one handler and " + ba
                            + " on another");
                }
            }
        }
    }

    private static List<Long> drain(Handler h) {
        List<Long> out = new ArrayList<>();
        for (PrivateQueue q; (q = h.qoq.poll()) != null;) {
            out.add(q.opened);
        }
        return out;
    }

    private static List<Long> common(List<Long> xs, List<Long> ys) {
        Set<Long> in = new HashSet<>(ys);
        List<Long> out = new ArrayList<>();
        for (Long v : xs) {
            if (in.contains(v)) {
                out.add(v);
            }
        }
        return out;
    }

    @Test
    void modelChecking() {
        new ModelCheckingOptions()
                .iterations(Integer.getInteger("weft.lincheck.iterations", 15) / 5)
                .invocationsPerIteration(200)
                .threads(2)
                .actorsPerThread(2)
                .check(ReservationLincheckTest.class);
    }
}
