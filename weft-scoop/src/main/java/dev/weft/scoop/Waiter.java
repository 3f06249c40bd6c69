package dev.weft.scoop;

/**
 * Something that waits and that {@link Scoop#close} must end: a parked client (woken, it sees the close and
 * throws), or an asynchronous block whose condition does not hold yet (abandoned and reported). Registered in
 * {@code Scoop.parked} while it waits.
 */
interface Waiter {
    /** Called by {@link Scoop#close} after it has marked the runtime closed. */
    void runtimeClosed();
}
