package dev.weft;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;

/**
 * Tells a pool's workers when a garbage collection has happened, so that each renews its pending
 * stack's reference array at its next poll ({@link PendingStack#renew()}).
 *
 * <p>Why: PROTOCOL.md, "pending arrays and the G1 barrier". The request costs nothing on the fork path:
 * it travels in the worker's signal cell, which every fork polls anyway.
 *
 * <p>The listener holds its pool weakly, so an unreferenced pool is not kept alive by the platform's
 * MXBeans; it is removed when the pool terminates.
 */
final class GcListener implements NotificationListener {
    private static final String GC_NOTIFICATION = "com.sun.management.gc.notification";

    private final WeakReference<WeftPool> pool;
    private final List<NotificationEmitter> emitters = new ArrayList<>();

    private GcListener(WeftPool pool) {
        this.pool = new WeakReference<>(pool);
    }

    static GcListener register(WeftPool pool) {
        GcListener l = new GcListener(pool);
        try {
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                if (gc instanceof NotificationEmitter e) {
                    e.addNotificationListener(l, n -> GC_NOTIFICATION.equals(n.getType()), null);
                    l.emitters.add(e);
                }
            }
        } catch (RuntimeException | LinkageError e) {
            // No management support in this runtime: the optimisation is simply off.
        }
        return l;
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        WeftPool p = pool.get();
        if (p == null) {
            unregister();
        } else {
            p.afterGc();
        }
    }

    void unregister() {
        synchronized (emitters) {
            for (NotificationEmitter e : emitters) {
                try {
                    e.removeNotificationListener(this);
                } catch (ListenerNotFoundException ignored) {
                    // already removed
                }
            }
            emitters.clear();
        }
    }
}
