package dev.weft.actors;

import java.util.Objects;

/**
 * The typed name under which actors register with the {@link Receptionist}: its id and the type of message
 * the actors behind it accept. Two keys are equal when both are.
 *
 * <pre>{@code
 * static final ServiceKey<Job> WORKERS = ServiceKey.of(Job.class, "workers");
 * }</pre>
 *
 * @param type the message type of the actors registered under the key
 * @param id   the key's name
 * @param <M>  the message type
 */
public record ServiceKey<M>(Class<M> type, String id) {
    public ServiceKey {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(id, "id");
    }

    /** A key named {@code id} for actors that accept {@code type}. */
    public static <M> ServiceKey<M> of(Class<M> type, String id) {
        return new ServiceKey<>(type, id);
    }

    @Override
    public String toString() {
        return "ServiceKey[" + id + ": " + type.getName() + "]";
    }
}
