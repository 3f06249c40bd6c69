package dev.weft.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A unit of work running on a member: a bag that crossed members (or the root), the queues it becomes
 * there, and the units split off it for other members. Its result is the reduction of the results of the
 * queues that ran here; the work of the units split off is theirs.
 */
final class Unit {
    final UnitKey key;
    /** The unit this one was split off (null for the root). */
    final UnitKey parent;
    /** The work as an object (the root, which never crossed a member), or null. */
    final Object bag;
    /** The work as received (kept to give the home a new backup if the backup holder leaves), or null. */
    final byte[] bytes;

    /** Who keeps this unit's backup (null: nobody needs to — the home holds it). Guarded by the place. */
    UUID backupHolder;
    /** Units split off this one and given to other members, and who took each. Guarded by the place. */
    final List<Long> children = new ArrayList<>();
    final List<UUID> childHolders = new ArrayList<>();

    /** Set when the run ends early: the unit's queues stop at their next step and nothing is committed. */
    volatile boolean cancelled;
    /** Results of the unit's queues, added by the workers that ran them; read after the unit's finish. */
    final ConcurrentLinkedQueue<Object> results = new ConcurrentLinkedQueue<>();

    Unit(UnitKey key, UnitKey parent, UUID backupHolder, Object bag, byte[] bytes) {
        this.key = key;
        this.parent = parent;
        this.backupHolder = backupHolder;
        this.bag = bag;
        this.bytes = bytes;
    }
}
