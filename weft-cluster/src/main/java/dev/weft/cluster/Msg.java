package dev.weft.cluster;

import java.io.Serializable;
import java.util.List;
import java.util.UUID;

/**
 * The messages of the protocol between members (PROTOCOL.md names each one's sender, receiver and
 * effect). Every message names its run; user objects travel only inside them as bytes that the receiver
 * decodes on a worker, never on the transport's thread.
 */
sealed interface Msg extends Serializable {
    /** The run this message belongs to. */
    long run();

    /** Home → member: take part in a run; {@code job} is the serialised {@link Job}, {@code index} the member's number in it. */
    record Start(long run, UUID home, int index, byte[] job) implements Msg {
    }

    /** Thief → victim: a request for work; a lifeline request stays registered until the victim has work to give. */
    record Steal(long run, UUID thief, boolean lifeline) implements Msg {
    }

    /** Victim → thief: a unit of work (a serialised bag); the victim keeps {@code bag} as the unit's backup. */
    record Loot(long run, UnitKey unit, UnitKey parent, UUID victim, byte[] bag, boolean lifeline) implements Msg {
    }

    /** Victim → thief: no work for a random request; {@code refused}: the victim does not take part in the run (a lifeline request is not registered). */
    record NoLoot(long run, UUID victim, boolean refused) implements Msg {
    }

    /**
     * Holder → home: units that are done, in one message (a member batches them, see PROTOCOL.md
     * "Commits").
     */
    record Commit(long run, UUID holder, List<Result> results) implements Msg {
    }

    /**
     * One committed unit. {@code result} is the serialised result of the work done on its holder;
     * {@code children} are the units split off it and given to other members (the holder keeps their
     * backups), {@code holders} who took each; {@code backup} is the member that keeps this unit's backup
     * (null: none needed); {@code endedAt} the holder's clock when the unit ended.
     */
    record Result(UnitKey unit, UnitKey parent, UUID backup, byte[] result, long[] children, UUID[] holders,
                  long endedAt) implements Serializable {
    }

    /** Home → backup holder: these units' results are merged, drop their backups. */
    record Committed(long run, long[] units) implements Msg {
    }

    /**
     * Member → home. With {@code holderLeft}: the backup holder reports that the unit's holder left
     * before committing it, and hands the backup to the home (which re-runs the unit unless it was
     * committed). Without: the holder reports that the unit's backup holder left, and hands the home a
     * new backup (the bytes it received).
     */
    record Rescue(long run, UnitKey unit, UnitKey parent, UUID holder, byte[] bag, boolean holderLeft) implements Msg {
    }

    /** Member → home: user code failed (or a bag could not be serialised); the run stops. */
    record Failed(long run, UUID member, byte[] failure) implements Msg {
    }

    /** Home → members: the run is over (all units merged, or {@code aborted}); drop its state and report. */
    record Done(long run, UUID home, boolean aborted) implements Msg {
    }

    /** Member → home, after {@link Done}: what this member did in the run. */
    record Report(long run, UUID member, MemberReport report) implements Msg {
    }
}
