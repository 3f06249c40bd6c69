package dev.weft.cluster;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.core.IExecutorService;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The protocol's messages over Hazelcast: {@link IExecutorService#executeOnMember} of an {@link Envelope}
 * that, on the receiving member, hands its message to that member's {@link Node}. Hazelcast runs envelopes
 * on its executor's thread (one, so a member handles its messages one at a time); messages to this member
 * and timers run on the node's own timer thread. Membership comes from Hazelcast's member list, which every
 * member sees in the same order.
 */
final class HazelcastWire implements Wire {
    /** The name of the Hazelcast executor the envelopes run on. */
    static final String EXECUTOR = "weft-cluster";

    private final HazelcastInstance hz;
    private final IExecutorService executor;
    private final ScheduledExecutorService timers;
    private final Node node;
    private final UUID self;

    HazelcastWire(HazelcastInstance hz, ScheduledExecutorService timers, Node node) {
        this.hz = hz;
        this.executor = hz.getExecutorService(EXECUTOR);
        this.timers = timers;
        this.node = node;
        this.self = hz.getCluster().getLocalMember().getUuid();
    }

    @Override
    public UUID self() {
        return self;
    }

    @Override
    public List<UUID> members() {
        List<UUID> out = new ArrayList<>();
        for (Member m : current()) {
            out.add(m.getUuid());
        }
        return out;
    }

    /** The member list, or none once this member's instance has stopped. */
    private Iterable<Member> current() {
        try {
            return hz.getCluster().getMembers();
        } catch (RuntimeException e) {
            return List.of(); // HazelcastInstanceNotActiveException: this member left
        }
    }

    @Override
    public void send(UUID to, Msg m) {
        if (to.equals(self)) {
            try {
                timers.execute(() -> node.deliver(m));
            } catch (RejectedExecutionException e) {
                // the node is closing
            }
            return;
        }
        Member target = find(to);
        if (target == null) {
            return; // it left: membership events tell the protocol
        }
        try {
            executor.executeOnMember(new Envelope(m), target);
        } catch (RuntimeException e) {
            // It left meanwhile, or this member is shutting down: the same as a message to a member that left.
        }
    }

    @Override
    public void schedule(long delayMillis, Runnable action) {
        try {
            timers.schedule(() -> {
                try {
                    action.run();
                } catch (RuntimeException e) {
                    node.log(e);
                }
            }, delayMillis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // the node is closing
        }
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public String describe(UUID member) {
        if (member == null) {
            return "nobody";
        }
        Member m = find(member);
        return m != null ? m.getAddress().getHost() + ":" + m.getAddress().getPort() : node.lastKnownAddress(member);
    }

    private Member find(UUID uuid) {
        for (Member m : current()) {
            if (m.getUuid().equals(uuid)) {
                return m;
            }
        }
        return null;
    }

    /** A protocol message on its way to another member; run there by Hazelcast's executor. */
    static final class Envelope implements Runnable, Serializable, HazelcastInstanceAware {
        private static final long serialVersionUID = 1L;
        private final Msg msg;
        private transient HazelcastInstance hz;

        Envelope(Msg msg) {
            this.msg = msg;
        }

        @Override
        public void setHazelcastInstance(HazelcastInstance hz) {
            this.hz = hz;
        }

        @Override
        public void run() {
            Object node = hz == null ? null : hz.getUserContext().get(Node.KEY);
            if (node instanceof Node n) {
                n.deliver(msg);
            }
        }
    }
}
