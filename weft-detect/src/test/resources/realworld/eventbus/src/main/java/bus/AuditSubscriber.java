package bus;

import java.util.ArrayList;
import java.util.List;

/** Keeps every event it gets, in arrival order, for the audit log. */
public class AuditSubscriber extends Subscriber {
    private final List<String> log = new ArrayList<>();

    public AuditSubscriber(String topic) {
        super(topic);
    }

    @Override
    public synchronized void onEvent(String event) {   // expect: B5
        log.add(event);
    }

    public synchronized List<String> log() {
        return new ArrayList<>(log);
    }
}
