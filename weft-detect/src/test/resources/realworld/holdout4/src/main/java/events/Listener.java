package events;

/** Told about each event of a batch. */
public interface Listener {
    void onEvent(String type, long timestamp);
}
