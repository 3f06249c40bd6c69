package mixed;

import java.util.ArrayDeque;
import java.util.concurrent.RecursiveAction;

/** A consumer task that waits on a monitor for messages a producer task posts. */
public class Mailbox extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final ArrayDeque<String> messages = new ArrayDeque<>();
    private final int expected;
    int received;

    public Mailbox(int expected) {
        this.expected = expected;
    }

    void post(String m) {
        synchronized (messages) {
            messages.add(m);
            messages.notifyAll();
        }
    }

    @Override
    protected void compute() {
        while (received < expected) {
            synchronized (messages) {   // expect: B5
                while (messages.isEmpty()) {
                    try {
                        messages.wait();   // expect: B5
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                messages.poll();
                received++;
            }
        }
    }
}
