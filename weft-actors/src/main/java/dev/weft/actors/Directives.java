package dev.weft.actors;

/** The marker behaviours {@link Behavior#same()} and {@link Behavior#stopped()}; they handle nothing. */
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
}
