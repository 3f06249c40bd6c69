package dev.weft.actors;

import java.util.function.Function;

/**
 * The marker behaviours {@link Behavior#same()} and {@link Behavior#stopped()}, which handle nothing, and
 * {@link Deferred}, a behaviour made when the actor starts: what {@link Behavior#setup} returns, and the
 * routers ({@link Routers}).
 */
final class Directives implements Behavior<Object> {
    static final Directives SAME = new Directives("same");
    static final Directives STOPPED = new Directives("stopped");

    private final String name;

    private Directives(String name) {
        this.name = name;
    }

    @Override
    public Behavior<Object> receive(ActorContext<Object> ctx, Object message) {
        throw new IllegalStateException("Behavior." + name + "() is a marker to return, not a behaviour to spawn");
    }

    @Override
    public String toString() {
        return "Behavior." + name + "()";
    }

    /**
     * A behaviour the actor replaces, when it starts (or when a handler returns it), by the one {@link
     * #setUp} makes, on the actor's activation (PROTOCOL.md, "Behaviours and signals").
     */
    abstract static class Deferred<M> implements Behavior<M> {
        abstract Behavior<M> setUp(ActorContext<M> ctx) throws Exception;

        /** What names the actor's logger: the class that wrote the setup. */
        abstract Class<?> origin();

        @Override
        public final Behavior<M> receive(ActorContext<M> ctx, M message) {
            throw new IllegalStateException("a deferred behaviour is set up before its first message");
        }
    }

    /** {@link Behavior#setup}. */
    static final class Setup<M> extends Deferred<M> {
        private final Function<ActorContext<M>, ? extends Behavior<M>> setup;

        Setup(Function<ActorContext<M>, ? extends Behavior<M>> setup) {
            this.setup = setup;
        }

        @Override
        Behavior<M> setUp(ActorContext<M> ctx) {
            return setup.apply(ctx);
        }

        @Override
        Class<?> origin() {
            return setup.getClass();
        }

        @Override
        public String toString() {
            return "Behavior.setup(" + setup + ")";
        }
    }
}
