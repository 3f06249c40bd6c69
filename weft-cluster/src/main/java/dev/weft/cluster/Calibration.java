package dev.weft.cluster;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.core.IExecutorService;
import java.io.Serializable;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Measures what the simulator needs from the real transport, on this machine: the one-way latency of a
 * protocol-sized message between two members (half a round trip of sequential pings), and the time a
 * member's message thread spends per message (a burst of pipelined messages to one member, which handles
 * them one at a time). {@code ./weft cluster simulate --calibrate} uses them.
 */
final class Calibration {
    private Calibration() {
    }

    /** Latches per receiving member, by its UUID: the test's own, not the protocol's. */
    private static final Map<UUID, CountDownLatch> LATCHES = new ConcurrentHashMap<>();

    /** A message about the size of a steal request; counts down its receiver's latch. */
    static final class Ping implements Runnable, Serializable, HazelcastInstanceAware {
        private static final long serialVersionUID = 1L;
        private final long run = 42;
        private final UUID from;
        private transient HazelcastInstance hz;

        Ping(UUID from) {
            this.from = from;
        }

        @Override
        public void setHazelcastInstance(HazelcastInstance hz) {
            this.hz = hz;
        }

        @Override
        public void run() {
            CountDownLatch l = LATCHES.get(hz.getCluster().getLocalMember().getUuid());
            if (l != null && run == 42 && from != null) {
                l.countDown();
            }
        }
    }

    /** {latency, handling} in nanoseconds, medians of a few rounds. */
    static long[] measure() throws Exception {
        String name = "calibrate-" + UUID.randomUUID();
        ClusterConfig.Builder b = ClusterConfig.builder().clusterName(name).host("127.0.0.1").port(7900)
                .members("127.0.0.1").expectMembers(2).workers(1).quiet().joinTimeout(Duration.ofSeconds(60));
        WeftCluster[] m = new WeftCluster[2];
        Thread other = new Thread(() -> m[1] = WeftCluster.join(b.build()));
        other.start();
        m[0] = WeftCluster.join(b.build());
        other.join();
        try {
            HazelcastInstance a = m[0].hazelcast();
            HazelcastInstance c = m[1].hazelcast();
            IExecutorService ex = a.getExecutorService(HazelcastWire.EXECUTOR);
            Member target = c.getCluster().getLocalMember();
            UUID self = a.getCluster().getLocalMember().getUuid();
            long[] lat = new long[5];
            long[] handle = new long[5];
            for (int round = -2; round < 5; round++) { // two rounds of warm-up
                int pings = 300;
                long t0 = System.nanoTime();
                for (int i = 0; i < pings; i++) {
                    CountDownLatch l = new CountDownLatch(1);
                    LATCHES.put(target.getUuid(), l);
                    ex.executeOnMember(new Ping(self), target);
                    if (!l.await(10, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("a ping was not delivered within 10 s");
                    }
                }
                long oneWay = (System.nanoTime() - t0) / pings; // the send is asynchronous: this is one way
                int burst = 5000;
                CountDownLatch all = new CountDownLatch(burst);
                LATCHES.put(target.getUuid(), all);
                long t1 = System.nanoTime();
                for (int i = 0; i < burst; i++) {
                    ex.executeOnMember(new Ping(self), target);
                }
                if (!all.await(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("a burst was not delivered within 60 s");
                }
                long per = (System.nanoTime() - t1) / burst;
                if (round >= 0) {
                    lat[round] = oneWay;
                    handle[round] = per;
                }
            }
            java.util.Arrays.sort(lat);
            java.util.Arrays.sort(handle);
            return new long[] {lat[2], handle[2]};
        } finally {
            m[0].close();
            m[1].close();
        }
    }
}
