package dev.weft.actors;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds actors by a typed key instead of passing references around: actors register under a {@link
 * ServiceKey}, others look the key up or subscribe to it. One per system ({@link ActorSystem#receptionist()});
 * an actor that stops leaves every key it was registered under. Pekko's receptionist is an actor that
 * answers messages, because it spans a cluster; this one is local, so its operations are plain calls,
 * safe from any thread.
 *
 * <pre>{@code
 * static final ServiceKey<Job> WORKERS = ServiceKey.of(Job.class, "workers");
 * system.receptionist().register(WORKERS, worker);
 * Set<ActorRef<Job>> now = system.receptionist().find(WORKERS);
 * system.receptionist().subscribe(WORKERS, ctx.messageAdapter(listing -> new WorkersChanged(listing.refs())));
 * }</pre>
 */
public final class Receptionist {
    /**
     * What a subscriber gets: every actor registered under {@code key} at one moment. A subscriber gets the
     * listing when it subscribes and again after each change, in the order of the changes.
     *
     * @param key  the key
     * @param refs the actors registered under it (unmodifiable)
     */
    public record Listing<M>(ServiceKey<M> key, Set<ActorRef<M>> refs) {
    }

    /** One key's registrations and subscribers; changed and announced under its lock, so listings arrive in order. */
    private static final class Entry {
        final LinkedHashSet<ActorRef<?>> refs = new LinkedHashSet<>();
        final List<ActorRef<?>> subscribers = new ArrayList<>();
    }

    private final ConcurrentHashMap<ServiceKey<?>, Entry> entries = new ConcurrentHashMap<>();
    /** Per actor, the keys it is registered under: removed when it stops. */
    private final ConcurrentHashMap<ActorCell<?>, Set<ServiceKey<?>>> keysOf = new ConcurrentHashMap<>();

    Receptionist() {
    }

    /**
     * Registers {@code actor} under {@code key} (again: no change). An actor that stopped (or stops while
     * this runs) is not left registered.
     *
     * @throws IllegalArgumentException if {@code actor} is not an actor spawned by an {@link ActorSystem}
     */
    public <M> void register(ServiceKey<M> key, ActorRef<M> actor) {
        Objects.requireNonNull(key, "key");
        ActorCell<?> cell = cellOf(actor);
        keysOf.computeIfAbsent(cell, c -> ConcurrentHashMap.newKeySet()).add(key);
        Entry e = entries.computeIfAbsent(key, k -> new Entry());
        synchronized (e) {
            if (e.refs.add(actor)) {
                announce(key, e);
            }
        }
        // finish() marks the actor TERMINATED and then calls terminated(), which reads keysOf and the entry:
        // if any of that ran before our adds, we see TERMINATED here and undo the registration ourselves.
        if (cell.isTerminated()) {
            remove(key, actor); // finish may have cleaned up before our add to the entry
            terminated(cell);
        }
    }

    /** Removes {@code actor} from {@code key}, if it was registered there. */
    public <M> void deregister(ServiceKey<M> key, ActorRef<M> actor) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(actor, "actor");
        remove(key, actor);
        if (actor instanceof ActorCell<?> c) {
            Set<ServiceKey<?>> keys = keysOf.get(c);
            if (keys != null) {
                keys.remove(key);
            }
        }
    }

    /** The actors registered under {@code key} now (a snapshot, unmodifiable, in registration order). */
    @SuppressWarnings("unchecked")
    public <M> Set<ActorRef<M>> find(ServiceKey<M> key) {
        Objects.requireNonNull(key, "key");
        Entry e = entries.get(key);
        if (e == null) {
            return Set.of();
        }
        synchronized (e) {
            return snapshot(e);
        }
    }

    /**
     * Sends {@code subscriber} a {@link Listing} of {@code key} now and after every change, until it stops
     * or {@link #unsubscribe}s. Sends happen under the key's lock, so each subscriber sees the changes in
     * order.
     */
    public <M> void subscribe(ServiceKey<M> key, ActorRef<Listing<M>> subscriber) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(subscriber, "subscriber");
        Entry e = entries.computeIfAbsent(key, k -> new Entry());
        synchronized (e) {
            e.subscribers.add(subscriber);
            subscriber.tell(new Listing<>(key, snapshot(e)));
        }
    }

    /** Stops sending {@code subscriber} listings of {@code key}. */
    public <M> void unsubscribe(ServiceKey<M> key, ActorRef<Listing<M>> subscriber) {
        Entry e = entries.get(key);
        if (e != null) {
            synchronized (e) {
                e.subscribers.remove(subscriber);
            }
        }
    }

    /** Called by an actor's stop procedure (after it is marked TERMINATED): it leaves every key. */
    void terminated(ActorCell<?> cell) {
        Set<ServiceKey<?>> keys = keysOf.remove(cell);
        if (keys != null) {
            for (ServiceKey<?> k : keys) {
                remove(k, cell);
            }
        }
    }

    private void remove(ServiceKey<?> key, ActorRef<?> actor) {
        Entry e = entries.get(key);
        if (e != null) {
            synchronized (e) {
                if (e.refs.remove(actor)) {
                    announce(key, e);
                }
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void announce(ServiceKey<?> key, Entry e) {
        Set snapshot = snapshot(e);
        e.subscribers.removeIf(s -> s instanceof ActorCell<?> c && c.isTerminated()
                || s instanceof MessageAdapter<?> a && a.isTerminated());
        for (ActorRef s : e.subscribers) {
            s.tell(new Listing(key, snapshot));
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <M> Set<ActorRef<M>> snapshot(Entry e) {
        return (Set) Collections.unmodifiableSet(new LinkedHashSet<>(e.refs));
    }

    private static ActorCell<?> cellOf(ActorRef<?> actor) {
        Objects.requireNonNull(actor, "actor");
        if (actor instanceof ActorCell<?> c) {
            return c;
        }
        throw new IllegalArgumentException("only actors spawned by an ActorSystem can register: " + actor.path());
    }
}
