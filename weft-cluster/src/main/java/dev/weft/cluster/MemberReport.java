package dev.weft.cluster;

import java.io.Serializable;

/**
 * What one member did in a run, as counted on that member.
 *
 * @param member the member's address
 * @param home whether it started the run
 * @param idleNanos time it had no unit to run, from its start in the run to the end
 * @param firstWorkNanos time from its start in the run to its first unit (0 at the home; -1: it got no work)
 * @param units units it ran (received from other members, plus the root at the home and re-runs)
 * @param stealsSent random steal requests it sent
 * @param stealsAnswered random steal requests answered with work
 * @param lifelineRegistrations lifeline requests it sent (registrations on other members)
 * @param lifelineLoot units other members pushed to it along its lifelines
 * @param unitsGiven units it split off and gave to other members
 * @param bytesSent bytes of serialised work and results it sent
 * @param messagesSent protocol messages it sent
 * @param workerIdleNanos time its pool's workers spent idle during the run, summed over workers
 */
public record MemberReport(String member, boolean home, long idleNanos, long firstWorkNanos, long units, long stealsSent,
                           long stealsAnswered, long lifelineRegistrations, long lifelineLoot, long unitsGiven,
                           long bytesSent, long messagesSent, long workerIdleNanos) implements Serializable {
}
