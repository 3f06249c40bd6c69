package bank;

import java.util.concurrent.locks.ReentrantLock;

/** A balance guarded by its own lock. */
final class Account {
    final ReentrantLock lock = new ReentrantLock();
    long balance;

    Account(long balance) {
        this.balance = balance;
    }
}
