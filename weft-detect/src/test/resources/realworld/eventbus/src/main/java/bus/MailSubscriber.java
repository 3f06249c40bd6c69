package bus;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Sends a mail for each event, on a thread of its own so that publishing does not wait for the mail server. */
public class MailSubscriber extends Subscriber {
    private final ExecutorService mailer = Executors.newSingleThreadExecutor();

    public MailSubscriber(String topic) {
        super(topic);
    }

    @Override
    public void onEvent(String event) {
        mailer.execute(() -> send(event));   // expect: B1
    }

    private static void send(String event) {
        if (event.isEmpty()) {
            throw new IllegalArgumentException("empty event");
        }
    }
}
