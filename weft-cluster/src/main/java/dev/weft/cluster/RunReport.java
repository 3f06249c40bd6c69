package dev.weft.cluster;

import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The result of a global computation and what the members did to get it: steals between members, units
 * and bytes moved, each member's idle time, how long the end took to detect, and whether units had to be
 * re-run because a member left.
 *
 * @param <R> the result type
 */
public final class RunReport<R> {
    private final R value;
    private final long elapsedNanos;
    private final long terminationNanos;
    private final long unitsMerged;
    private final long reruns;
    private final List<MemberReport> members;

    RunReport(R value, long elapsedNanos, long terminationNanos, long unitsMerged, long reruns, List<MemberReport> members) {
        this.value = value;
        this.elapsedNanos = elapsedNanos;
        this.terminationNanos = terminationNanos;
        this.unitsMerged = unitsMerged;
        this.reruns = reruns;
        this.members = List.copyOf(members);
    }

    /** The computation's result. */
    public R value() {
        return value;
    }

    /** From the start of the run on the home to the moment the home knew it was over. */
    public long elapsedNanos() {
        return elapsedNanos;
    }

    /**
     * From the end of the last unit, on whichever member ran it, to the moment the home knew the run was
     * over: the cost of detecting termination. Clocks of members on one machine agree; across machines
     * this figure is meaningless.
     */
    public long terminationNanos() {
        return terminationNanos;
    }

    /** Units whose results were merged: the root, every unit that crossed members, and re-runs. */
    public long unitsMerged() {
        return unitsMerged;
    }

    /** Units re-run because their holder left before committing them. */
    public long reruns() {
        return reruns;
    }

    /** Whether the run recovered from a member that left: some unit was re-run and its result counted once. */
    public boolean recovered() {
        return reruns > 0;
    }

    /** One report per member that took part and was still there at the end, the home first. */
    public List<MemberReport> members() {
        return members;
    }

    /** Random steal requests sent, over all members. */
    public long stealsSent() {
        return sum(MemberReport::stealsSent);
    }

    /** Random steal requests answered with work, over all members. */
    public long stealsAnswered() {
        return sum(MemberReport::stealsAnswered);
    }

    /** Units pushed to members along their lifelines. */
    public long lifelineLoot() {
        return sum(MemberReport::lifelineLoot);
    }

    /** Units that moved from one member to another. */
    public long unitsMoved() {
        return sum(MemberReport::unitsGiven);
    }

    /** Bytes of serialised work and results sent between members. */
    public long bytesSent() {
        return sum(MemberReport::bytesSent);
    }

    /** Protocol messages sent, over all members. */
    public long messagesSent() {
        return sum(MemberReport::messagesSent);
    }

    private long sum(ToLongFunction<MemberReport> f) {
        return members.stream().mapToLong(f).sum();
    }

    /** A table: one line per member, then the totals. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        b.append(String.format("run: %.3f s, termination detected %.2f ms after the last unit, %d unit(s) merged, %d re-run%s%n",
                elapsedNanos / 1e9, terminationNanos / 1e6, unitsMerged, reruns, reruns > 0 ? " (recovered)" : ""));
        b.append(String.format("%-24s %9s %10s %6s %7s %9s %9s %7s %11s %8s %11s%n", "member", "idle ms", "1st work ms",
                "units", "steals", "answered", "lifeline", "given", "bytes sent", "msgs", "wrk idle ms"));
        for (MemberReport m : members) {
            b.append(String.format("%-24s %9.1f %10s %6d %7d %9d %9d %7d %11d %8d %11.1f%n",
                    m.member() + (m.home() ? " (home)" : ""), m.idleNanos() / 1e6,
                    m.firstWorkNanos() < 0 ? "-" : String.format("%.1f", m.firstWorkNanos() / 1e6), m.units(),
                    m.stealsSent(), m.stealsAnswered(), m.lifelineLoot(), m.unitsGiven(), m.bytesSent(),
                    m.messagesSent(), m.workerIdleNanos() / 1e6));
        }
        b.append(String.format("total: %d steal request(s), %d answered, %d lifeline push(es), %d unit(s) moved, %d bytes, %d messages",
                stealsSent(), stealsAnswered(), lifelineLoot(), unitsMoved(), bytesSent(), messagesSent()));
        return b.toString();
    }
}
