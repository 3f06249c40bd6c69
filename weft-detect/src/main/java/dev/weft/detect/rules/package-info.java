/**
 * Internal: one {@link dev.weft.detect.rules.Rule} per bottleneck, run by
 * {@link dev.weft.detect.rules.Analysis} over every body of task code. A rule reports a
 * {@link dev.weft.detect.rules.Hit}: the construct, and a message saying what it costs, in which layer of the
 * stack (thread, data or synchronization management), and how to fix it.
 */
package dev.weft.detect.rules;
