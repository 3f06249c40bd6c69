package it.counter;

import dev.weft.atomic.Atomic;
import dev.weft.atomic.AtomicSet;

/** Two fields that must agree: every deposit moves both, inside one unit of work. */
@AtomicSet("account")
public class Account {
    @Atomic private long balance;
    @Atomic private long deposits;

    public void deposit(long amount) {
        balance += amount;
        deposits++;
    }

    public long balance() {
        return balance;
    }

    public long deposits() {
        return deposits;
    }
}
