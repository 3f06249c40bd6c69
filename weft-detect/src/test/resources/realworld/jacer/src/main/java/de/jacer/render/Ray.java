package de.jacer.render;

/** A primary ray through one pixel. */
public final class Ray {
    final int x;
    final int y;
    final double dx;
    final double dy;

    Ray(int x, int y, double dx, double dy) {
        this.x = x;
        this.y = y;
        this.dx = dx;
        this.dy = dy;
    }
}
