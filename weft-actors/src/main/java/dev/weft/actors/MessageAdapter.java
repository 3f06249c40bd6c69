package dev.weft.actors;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The reference {@link ActorContext#messageAdapter} returns: each message becomes a {@link
 * SystemMessage.Adapted} for the actor, which applies the adapter in its own activation.
 */
final class MessageAdapter<T> implements ActorRef<T> {
    private final ActorCell<?> actor;
    private final BiFunction<Object, Throwable, Object> mapper;

    @SuppressWarnings("unchecked")
    MessageAdapter(ActorCell<?> actor, Function<? super T, ?> adapter) {
        this.actor = actor;
        Function<Object, Object> f = (Function<Object, Object>) adapter;
        this.mapper = (value, failure) -> f.apply(value);
    }

    @Override
    public void tell(T message) {
        Objects.requireNonNull(message, "message");
        actor.send(new SystemMessage.Adapted(message, null, mapper));
    }

    @Override
    public <R> CompletableFuture<R> ask(Function<ActorRef<R>, ? extends T> request, Duration timeout) {
        return AskRef.ask(actor.system, this, request, timeout);
    }

    boolean isTerminated() {
        return actor.isTerminated();
    }

    @Override
    public String path() {
        return actor.path() + "/$adapter";
    }

    @Override
    public String toString() {
        return "ActorRef[" + path() + "]";
    }
}
