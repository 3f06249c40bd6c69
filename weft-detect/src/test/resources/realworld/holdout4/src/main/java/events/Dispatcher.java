package events;

import java.util.List;
import java.util.concurrent.RecursiveAction;

/** Delivers a batch of events to every listener, splitting the batch across workers. */
public class Dispatcher extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final String[] types;
    private final long[] timestamps;
    private final int from;
    private final int to;
    private final List<Listener> listeners;

    public Dispatcher(String[] types, long[] timestamps, int from, int to, List<Listener> listeners) {
        this.types = types;
        this.timestamps = timestamps;
        this.from = from;
        this.to = to;
        this.listeners = listeners;
    }

    @Override
    protected void compute() {
        if (to - from <= 256) {
            for (int i = from; i < to; i++) {
                for (Listener l : listeners) {
                    l.onEvent(types[i], timestamps[i]);
                }
            }
            return;
        }
        int mid = (from + to) >>> 1;
        invokeAll(new Dispatcher(types, timestamps, from, mid, listeners),
                new Dispatcher(types, timestamps, mid, to, listeners));
    }
}
