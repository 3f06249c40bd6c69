package de.tfreese.knn;

/** A training point and its distance to the query. */
public final class Neighbor implements Comparable<Neighbor> {
    final double[] point;
    final String label;
    final double distance;

    Neighbor(double[] point, String label, double distance) {
        this.point = point;
        this.label = label;
        this.distance = distance;
    }

    @Override
    public int compareTo(Neighbor o) {
        return Double.compare(distance, o.distance);
    }
}
