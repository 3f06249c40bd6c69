/**
 * SCOOP/Qs separate handlers on the Weft scheduler (West, Nanz, Meyer 2015): handlers that own objects and run their
 * clients' calls in order, separate blocks that reserve one or several handlers atomically, client-run
 * queries with dynamic sync coalescing, and wait conditions. Start with {@link dev.weft.scoop.Scoop}.
 */
module dev.weft.scoop {
    requires transitive dev.weft.core;

    exports dev.weft.scoop;
}
