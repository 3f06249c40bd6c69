package geom.hull;

/** A point of the plane. */
public record Point(double x, double y) {
    /** Twice the signed area of the triangle (a, b, this): positive when this lies left of a→b. */
    double side(Point a, Point b) {
        return (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
    }
}
