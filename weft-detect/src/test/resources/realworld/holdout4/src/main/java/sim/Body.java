package sim;

/** A point mass. */
public final class Body {
    double x;
    double y;
    double vx;
    double vy;
    final double mass;

    public Body(double x, double y, double mass) {
        this.x = x;
        this.y = y;
        this.mass = mass;
    }
}
