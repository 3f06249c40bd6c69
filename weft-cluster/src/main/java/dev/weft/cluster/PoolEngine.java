package dev.weft.cluster;

import dev.weft.TaskFailedException;
import dev.weft.Weft;
import dev.weft.WeftPool;
import java.io.Serializable;

/**
 * Runs a member's units on its {@link WeftPool} (PROTOCOL.md, "Inside a member"). A unit is one
 * {@code Weft.finish}; in it, a queue is processed in steps of {@code n} items, and between steps the
 * runner
 * <ol>
 *   <li>answers a request of another member, if one waits, by splitting the queue and serialising the
 *       half — the only place where work is ever serialised;</li>
 *   <li>answers hunger on its own member ({@link Weft#hungry()}) by splitting the queue and forking the
 *       half as an async on a fresh queue — no serialisation, and nothing at all if nobody is hungry.</li>
 * </ol>
 * The unit's result is the reduction of the results of all the queues its finish ran.
 */
final class PoolEngine implements Place.Engine {
    private final WeftPool pool;
    private final Job job;
    private final ClassLoader loader;

    PoolEngine(WeftPool pool, Job job, ClassLoader loader) {
        this.pool = pool;
        this.job = job;
        this.loader = loader;
    }

    @Override
    public void start(Place place, Unit unit) {
        pool.execute(() -> run(place, unit));
    }

    private void run(Place place, Unit u) {
        byte[] result = null;
        Throwable failure = null;
        try {
            Object bag = u.bag != null ? u.bag : Codec.decode(u.bytes, loader, "a bag from another member");
            Weft.finish(() -> drain(place, u, fresh(bag)));
            if (!u.cancelled) {
                Reduction<Object> r = job.reductionOfObjects();
                Object sum = r.identity();
                for (Object x : u.results) {
                    sum = r.combine(sum, x);
                }
                result = Codec.encode(sum, "the result of a unit (" + typeOf(sum) + ")");
            }
        } catch (Throwable t) {
            failure = t instanceof TaskFailedException && t.getCause() != null ? t.getCause() : t;
            if (failure != t) {
                for (Throwable s : t.getSuppressed()) {
                    failure.addSuppressed(s);
                }
            }
        }
        place.unitEnded(u, result, failure);
    }

    private TaskQueue<Serializable, Object> fresh(Object bag) {
        TaskQueue<Serializable, Object> q = job.newQueue();
        q.merge((Serializable) bag);
        return q;
    }

    private void drain(Place place, Unit u, TaskQueue<Serializable, Object> q) {
        StepSize step = job.stepSize();
        for (;;) {
            if (u.cancelled) {
                break;
            }
            long t0 = System.nanoTime();
            boolean more = q.process(step.n());
            step.took(System.nanoTime() - t0);
            if (!more) {
                break;
            }
            if (place.demand) {
                place.serve(u, q, half -> Weft.async(() -> drain(place, u, fresh(half))));
            }
            if (Weft.hungry()) {
                Serializable half = q.split();
                if (half != null) {
                    Weft.async(() -> drain(place, u, fresh(half)));
                }
            }
        }
        if (!u.cancelled) {
            u.results.add(q.result());
        }
    }

    private static String typeOf(Object o) {
        return o == null ? "null" : o.getClass().getName();
    }
}
