/**
 * Micrometer meters for Weft pools: {@link dev.weft.micrometer.WeftPoolMetrics}.
 */
module dev.weft.micrometer {
    requires transitive dev.weft.core;
    requires transitive micrometer.core;

    exports dev.weft.micrometer;
}
