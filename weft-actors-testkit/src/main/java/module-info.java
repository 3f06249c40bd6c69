/**
 * Testing Weft actors: {@link dev.weft.actors.testkit.TestProbe} checks what actors send and when they stop,
 * with timeouts; {@link dev.weft.actors.testkit.BehaviorTestKit} runs a behaviour on the calling thread, without
 * a pool, and records what it did (spawns, stops, watches, timers, messages).
 */
module dev.weft.actors.testkit {
    requires transitive dev.weft.actors;

    exports dev.weft.actors.testkit;
}
