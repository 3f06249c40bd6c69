package geo;

/** A point in the plane. */
public record Point(double x, double y) {
    public double coord(int axis) {
        return axis == 0 ? x : y;
    }
}
