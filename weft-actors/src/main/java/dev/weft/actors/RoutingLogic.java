package dev.weft.actors;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/** How a router picks a routee for a message; each instance belongs to one router actor (no synchronization). */
abstract class RoutingLogic<M> {
    private List<ActorRef<M>> routees = List.of();

    final List<ActorRef<M>> routees() {
        return routees;
    }

    void setRoutees(List<ActorRef<M>> routees) {
        this.routees = List.copyOf(routees);
    }

    /** The routee for {@code message}, or null if there is none. */
    abstract ActorRef<M> select(M message);

    static final class RoundRobin<M> extends RoutingLogic<M> {
        private int next;

        @Override
        ActorRef<M> select(M message) {
            List<ActorRef<M>> r = routees();
            if (r.isEmpty()) {
                return null;
            }
            if (next >= r.size()) {
                next = 0;
            }
            return r.get(next++);
        }
    }

    static final class Random<M> extends RoutingLogic<M> {
        @Override
        ActorRef<M> select(M message) {
            List<ActorRef<M>> r = routees();
            return r.isEmpty() ? null : r.get(ThreadLocalRandom.current().nextInt(r.size()));
        }
    }

    /**
     * A hash ring (Karger et al. 1997): each routee at {@code virtualNodes} points, hashed from its path; a
     * message goes to the first point at or after its key's hash. The ring depends only on the routees'
     * paths, so a routee that leaves moves only the keys that were its own.
     */
    static final class ConsistentHashing<M> extends RoutingLogic<M> {
        private final int virtualNodes;
        private final Function<? super M, ?> key;
        private final TreeMap<Integer, ActorRef<M>> ring = new TreeMap<>();

        ConsistentHashing(int virtualNodes, Function<? super M, ?> key) {
            this.virtualNodes = virtualNodes;
            this.key = key;
        }

        @Override
        void setRoutees(List<ActorRef<M>> routees) {
            super.setRoutees(routees);
            ring.clear();
            for (ActorRef<M> r : routees) {
                for (int i = 0; i < virtualNodes; i++) {
                    ring.put(mix((r.path() + "#" + i).hashCode()), r);
                }
            }
        }

        @Override
        ActorRef<M> select(M message) {
            if (ring.isEmpty()) {
                return null;
            }
            Map.Entry<Integer, ActorRef<M>> e = ring.ceilingEntry(mix(String.valueOf(key.apply(message)).hashCode()));
            return (e != null ? e : ring.firstEntry()).getValue();
        }

        /** MurmurHash3's finalizer: spreads String.hashCode's clustered values over the ring. */
        static int mix(int h) {
            h ^= h >>> 16;
            h *= 0x85ebca6b;
            h ^= h >>> 13;
            h *= 0xc2b2ae35;
            h ^= h >>> 16;
            return h;
        }
    }
}
