package events;

import java.util.ArrayList;
import java.util.List;

/** Keeps an audit trail of every event, in arrival order. */
public class AuditListener implements Listener {
    private final List<String> trail = new ArrayList<>();

    @Override
    public void onEvent(String type, long timestamp) {
        synchronized (trail) {   // expect: B5
            trail.add(timestamp + " " + type);
        }
    }

    public List<String> trail() {
        synchronized (trail) {
            return new ArrayList<>(trail);
        }
    }
}
