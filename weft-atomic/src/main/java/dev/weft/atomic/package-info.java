/**
 * Data-centric atomic sets (Vaziri et al.'s Atomic Sets; Dolby et al.'s AJ; Kumar's AJWS) for Weft.
 *
 * <p>Say which fields must stay consistent together; the build derives the locking:
 *
 * <pre>{@code
 * @AtomicSet("account")
 * final class Account {
 *     @Atomic("account") private long balance;
 *     @Atomic("account") private int transfers;
 *     void add(long amount) { balance += amount; transfers++; }           // a unit of work
 * }
 *
 * final class Bank {
 *     static void transfer(@AliasAtomicSet Account from, @AliasAtomicSet Account to, long amount) {
 *         from.add(-amount);                                               // both sets held, taken in
 *         to.add(amount);                                                  // one global order
 *     }
 * }
 *
 * pool.run(() -> Weft.parallelFor(0, n, i -> Bank.transfer(accounts[src[i]], accounts[dst[i]], amount[i])));
 * }</pre>
 *
 * <p>{@link dev.weft.atomic.AtomicSet} declares a set on a class, {@link dev.weft.atomic.Atomic} puts fields
 * in it, {@link dev.weft.atomic.AliasAtomicSet} merges another object's set into this one (on a field) or
 * makes a method a unit of work for an argument's set too (on a parameter). The annotation processor of
 * {@code weft-atomic-weaver} rejects misuse at compile time; the weaver (Maven plugin
 * {@code weft-atomic-maven-plugin} or {@code ./weft weave}) rewrites the compiled classes: each unit of work
 * gets a locked public version and an unlocked internal one, and calls inside a unit of work to other units
 * on the same set go to the internal version.
 */
package dev.weft.atomic;
