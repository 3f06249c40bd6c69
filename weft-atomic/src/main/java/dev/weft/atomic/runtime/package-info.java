/**
 * What woven classes call: ordered locks, alias bookkeeping and the checks that keep an unwoven class
 * from running unlocked. User code does not call these; the weaver generates the calls.
 */
package dev.weft.atomic.runtime;
