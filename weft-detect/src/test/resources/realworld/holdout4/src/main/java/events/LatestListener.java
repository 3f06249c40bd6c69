package events;

import java.util.concurrent.atomic.AtomicLong;

/** Remembers the latest timestamp seen: lock-free. */
public class LatestListener implements Listener {
    private final AtomicLong latest = new AtomicLong();

    @Override
    public void onEvent(String type, long timestamp) {
        latest.accumulateAndGet(timestamp, Math::max);
    }

    public long latest() {
        return latest.get();
    }
}
