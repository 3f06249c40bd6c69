package guarded;

import java.util.concurrent.locks.ReentrantLock;

/** A lock held for a try-with-resources block. */
final class Guard implements AutoCloseable {
    private final ReentrantLock lock;

    private Guard(ReentrantLock lock) {
        this.lock = lock;
    }

    static Guard hold(ReentrantLock lock) {
        lock.lock();   // expect: B5
        return new Guard(lock);
    }

    @Override
    public void close() {
        lock.unlock();
    }
}
