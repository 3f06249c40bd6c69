package de.jacer.render;

import java.util.concurrent.ForkJoinPool;

/** A scene of spheres; renders frames with a fork/join pool. */
public final class Scene {
    private final double[][] spheres;

    public Scene(double[][] spheres) {
        this.spheres = spheres;
    }

    int trace(double dx, double dy) {
        for (double[] s : spheres) {
            double ox = s[0] - dx;
            double oy = s[1] - dy;
            if (ox * ox + oy * oy < s[2] * s[2]) {
                return (int) s[3];
            }
        }
        return 0;
    }

    public int[] render(int width, int height) {
        Ray[] rays = new Ray[width * height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                rays[y * width + x] = new Ray(x, y, (double) x / width, (double) y / height);
            }
        }
        int[] frame = new int[width * height];
        ForkJoinPool.commonPool().invoke(new TraceTask(this, rays, frame, width));
        System.out.println(RayUtil.hits(frame) + " hits");
        return frame;
    }
}
