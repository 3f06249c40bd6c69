package de.jacer.render;

import java.util.concurrent.RecursiveAction;

/** Traces a batch of rays into the frame buffer; big batches are split in two. */
public class TraceTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;
    private static final int BATCH = 256;

    private final Scene scene;
    private final Ray[] rays;
    private final int[] frame;
    private final int width;

    TraceTask(Scene scene, Ray[] rays, int[] frame, int width) {
        this.scene = scene;
        this.rays = rays;
        this.frame = frame;
        this.width = width;
    }

    @Override
    protected void compute() {
        if (rays.length <= BATCH) {
            for (Ray r : rays) {
                frame[r.y * width + r.x] = scene.trace(r.dx, r.dy);
            }
            return;
        }
        int mid = rays.length / 2;
        TraceTask left = new TraceTask(scene, RayUtil.slice(rays, 0, mid), frame, width);   // expect: B2
        TraceTask right = new TraceTask(scene, RayUtil.slice(rays, mid, rays.length), frame, width);   // expect: B2
        left.fork();
        right.compute();
        left.join();
    }
}
