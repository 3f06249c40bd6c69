/**
 * Weft core: a work-stealing scheduler whose forks cost almost nothing unless stolen, with fork/join
 * tasks, two-way joins, finish/async scopes and parallel loops. Start with {@link dev.weft.WeftPool} and
 * {@link dev.weft.Weft}.
 */
module dev.weft.core {
    requires java.management;
    requires jdk.jfr;

    exports dev.weft;
}
