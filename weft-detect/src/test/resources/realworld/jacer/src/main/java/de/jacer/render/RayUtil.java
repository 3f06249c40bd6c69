package de.jacer.render;

/** Array helpers for batches of rays. */
final class RayUtil {
    private RayUtil() {
    }

    /** The rays {@code [from, to)} as a new array. */
    static Ray[] slice(Ray[] rays, int from, int to) {
        Ray[] part = new Ray[to - from];
        System.arraycopy(rays, from, part, 0, to - from);
        return part;
    }

    /** The number of rays that hit anything, for statistics. */
    static int hits(int[] colors) {
        int n = 0;
        for (int c : colors) {
            if (c != 0) {
                n++;
            }
        }
        return n;
    }
}
