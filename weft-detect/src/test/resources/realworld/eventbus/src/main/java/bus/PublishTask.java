package bus;

import java.util.List;
import java.util.concurrent.RecursiveAction;

/** Delivers a batch of events to every subscriber of their topic, the batch split in halves. */
public class PublishTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final List<Subscriber> subscribers;
    private final String[] events;
    private final int lo;
    private final int hi;

    public PublishTask(List<Subscriber> subscribers, String[] events, int lo, int hi) {
        this.subscribers = subscribers;
        this.events = events;
        this.lo = lo;
        this.hi = hi;
    }

    @Override
    protected void compute() {
        if (hi - lo > 64) {
            int mid = (lo + hi) >>> 1;
            invokeAll(new PublishTask(subscribers, events, lo, mid), new PublishTask(subscribers, events, mid, hi));
            return;
        }
        for (int i = lo; i < hi; i++) {
            String topic = events[i].substring(0, events[i].indexOf(':'));
            for (Subscriber s : subscribers) {
                if (s.topic().equals(topic)) {
                    s.onEvent(events[i]);
                }
            }
        }
    }
}
