package bus;

/** Receives the events of a topic. */
public abstract class Subscriber {
    private final String topic;

    protected Subscriber(String topic) {
        this.topic = topic;
    }

    public String topic() {
        return topic;
    }

    public abstract void onEvent(String event);
}
