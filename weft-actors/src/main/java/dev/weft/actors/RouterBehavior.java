package dev.weft.actors;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The configuration of a {@link Router} (immutable) and, once the actor starts, the running router it sets
 * up ({@link Running}): the routees, the routing logic's state, and what keeps the routees up to date — death
 * watch for a pool, a receptionist subscription for a group.
 */
final class RouterBehavior<M> extends Directives.Deferred<M> implements Router<M> {
    private final int size;
    private final Supplier<? extends Behavior<M>> routee;
    private final Props routeeProps;
    private final ServiceKey<M> key;
    private final Supplier<RoutingLogic<M>> logic;

    private RouterBehavior(int size, Supplier<? extends Behavior<M>> routee, Props routeeProps, ServiceKey<M> key,
            Supplier<RoutingLogic<M>> logic) {
        this.size = size;
        this.routee = routee;
        this.routeeProps = routeeProps;
        this.key = key;
        this.logic = logic;
    }

    static <M> RouterBehavior<M> pool(int size, Supplier<? extends Behavior<M>> routee) {
        return new RouterBehavior<>(size, routee, Props.create().withSupervision(Supervision.RESTART), null,
                RoutingLogic.RoundRobin::new);
    }

    static <M> RouterBehavior<M> group(ServiceKey<M> key) {
        return new RouterBehavior<>(0, null, null, key, RoutingLogic.RoundRobin::new);
    }

    private RouterBehavior<M> with(Supplier<RoutingLogic<M>> l) {
        return new RouterBehavior<>(size, routee, routeeProps, key, l);
    }

    @Override
    public Router<M> withRoundRobinRouting() {
        return with(RoutingLogic.RoundRobin::new);
    }

    @Override
    public Router<M> withRandomRouting() {
        return with(RoutingLogic.Random::new);
    }

    @Override
    public Router<M> withConsistentHashingRouting(int virtualNodesFactor, Function<? super M, ?> key) {
        if (virtualNodesFactor <= 0) {
            throw new IllegalArgumentException("virtualNodesFactor must be positive: " + virtualNodesFactor);
        }
        Objects.requireNonNull(key, "key");
        return with(() -> new RoutingLogic.ConsistentHashing<>(virtualNodesFactor, key));
    }

    @Override
    public Router<M> withRouteeProps(Props props) {
        if (key != null) {
            throw new IllegalStateException("a group router's routees are not its own: withRouteeProps is for pools");
        }
        return new RouterBehavior<>(size, routee, Objects.requireNonNull(props, "props"), null, logic);
    }

    @Override
    @SuppressWarnings("unchecked")
    Behavior<M> setUp(ActorContext<M> ctx) {
        Running<M> r = new Running<>(logic.get(), key == null);
        if (key == null) {
            List<ActorRef<M>> routees = new ArrayList<>(size);
            for (int i = 1; i <= size; i++) {
                ActorRef<M> a = ctx.spawn("$" + i, routee, routeeProps);
                ctx.watch(a);
                routees.add(a);
            }
            r.logic.setRoutees(routees);
        } else {
            ActorRef<Receptionist.Listing<M>> adapter = ctx.messageAdapter(l -> (M) new RouteesChanged<>(l.refs()));
            ctx.system().receptionist().subscribe(key, adapter);
        }
        return r;
    }

    @Override
    Class<?> origin() {
        return Router.class;
    }

    @Override
    public String toString() {
        return (key == null ? "Routers.pool(" + size + ", " + routee + ")" : "Routers.group(" + key + ")");
    }

    /** A group's new routees, adapted from a receptionist listing (never a user message: not public). */
    record RouteesChanged<M>(Set<ActorRef<M>> refs) {
    }

    /** The router at work. Its fields are the router actor's own. */
    static final class Running<M> implements Behavior<M> {
        final RoutingLogic<M> logic;
        private final boolean pool;

        Running(RoutingLogic<M> logic, boolean pool) {
            this.logic = logic;
            this.pool = pool;
        }

        @Override
        @SuppressWarnings("unchecked")
        public Behavior<M> receive(ActorContext<M> ctx, M message) {
            if (message instanceof RouteesChanged<?> c) {
                logic.setRoutees(new ArrayList<>(((RouteesChanged<M>) c).refs()));
                return this;
            }
            ActorRef<M> to = logic.select(message);
            if (to == null) {
                ActorCell<M> self = (ActorCell<M>) ctx.self();
                self.system.deadLetter(self, message); // a group with nobody registered
            } else {
                to.tell(message);
            }
            return this;
        }

        @Override
        public Behavior<M> onSignal(ActorContext<M> ctx, Signal signal) {
            if (pool && signal instanceof Signal.Terminated t) {
                List<ActorRef<M>> left = new ArrayList<>(logic.routees());
                left.remove(t.ref());
                logic.setRoutees(left);
                if (left.isEmpty()) {
                    return Behavior.stopped();
                }
            }
            return this;
        }
    }
}
