package tiles;

import java.util.concurrent.CountedCompleter;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Renders map tiles with a CountedCompleter: each step forks a completer per quadrant in a loop and never joins,
 * which is that class's idiom, not scattered data.
 */
public class TileRenderer extends CountedCompleter<Void> {
    private static final long serialVersionUID = 1L;

    private final int zoom;
    private final int x;
    private final int y;
    private final AtomicLong rendered;

    public TileRenderer(CountedCompleter<?> parent, int zoom, int x, int y, AtomicLong rendered) {
        super(parent);
        this.zoom = zoom;
        this.x = x;
        this.y = y;
        this.rendered = rendered;
    }

    @Override
    public void compute() {
        if (zoom > 0) {
            for (int q = 0; q < 4; q++) {
                addToPendingCount(1);
                new TileRenderer(this, zoom - 1, x * 2 + (q & 1), y * 2 + (q >> 1), rendered).fork();
            }
        }
        rendered.addAndGet(render());
        tryComplete();
    }

    private long render() {
        long h = 1469598103934665603L;
        h = (h ^ zoom) * 1099511628211L;
        h = (h ^ x) * 1099511628211L;
        return (h ^ y) & 0xff;
    }
}
