package dev.weft.detect;

/**
 * What the analysis could not type: call receivers that neither the declarations nor the symbol solver gave a
 * type, so that the rules that needed them could not tell what the call does. A receiver on a library the sources
 * were not given with is the common case; a question that went over the solver's budget (counted in type lookups,
 * not seconds, so that a run gives the same findings on any machine) is the other.
 *
 * @param receivers  receivers the symbol solver was asked about and could not type
 * @param overBudget how many of them because the solver's budget ran out
 */
public record Unresolved(int receivers, int overBudget) {
    /** Nothing left untyped. */
    public static final Unresolved NONE = new Unresolved(0, 0);
}
