package dev.weft.cluster;

import java.io.Serializable;

/**
 * A unit of work that crossed members (or the root unit), and which attempt at it: a unit whose holder
 * left before committing it is run again under the same id with the next attempt number, and results of
 * the lost attempt — and of everything split off it — are discarded.
 */
record UnitKey(long id, int attempt) implements Serializable {
    UnitKey next() {
        return new UnitKey(id, attempt + 1);
    }

    @Override
    public String toString() {
        return Long.toHexString(id) + "#" + attempt;
    }
}
