package dev.weft.bench.scoop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.WeftPool;
import dev.weft.scoop.Scoop;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Cowichan kernels at West, Nanz, Meyer 2015's full size against the validation values of the Go versions used with
 * SCOOP/Qs ({@code nelts=10000, seed=0, percent=1, winnow_nelts=10000}), and the SCOOP versions of randmat,
 * thresh and winnow at the same size against the same values.
 */
class CowichanTest {
    static final int N = 10_000;
    static final int NW = 10_000;
    static byte[] matrix;
    static Thresh.Result thresh;
    static Cowichan.Points points;

    @BeforeAll
    static void pipeline() {
        matrix = Randmat.serial(N, 0);
        thresh = Thresh.serial(matrix, N, 1);
        points = Winnow.serial(matrix, thresh.mask(), N, NW);
    }

    @Test
    void randmat() {
        long sum = 0;
        for (byte v : matrix) {
            sum += v;
        }
        assertEquals(4_949_735_884L, sum);
        assertArrayEquals(new byte[] {23, 62, 97, 84, 47}, Arrays.copyOf(matrix, 5));
    }

    @Test
    void thresh() {
        assertEquals(98, thresh.threshold());
        assertEquals(2_000_178, Cowichan.count(thresh.mask()));
    }

    @Test
    void winnow() {
        assertEquals(200, points.chunk());
        assertEquals(NW, points.size());
        assertEquals(0, points.x()[0]);
        assertEquals(193, points.y()[0]);
        assertEquals(1, points.x()[1]);
        assertEquals(7390, points.y()[1]);
        assertEquals(9996, points.x()[NW - 1]);
        assertEquals(2672, points.y()[NW - 1]);
        Winnow.checkPoints(points, matrix, thresh.mask(), N, NW);
    }

    /** product[0] needs outer's row 0 and its whole vector, not the 800 MB matrix. */
    @Test
    void product() {
        double[] vec = new double[NW];
        double[] row = new double[NW];
        for (int i = 0; i < NW; i++) {
            vec[i] = Cowichan.distance(0, 0, points.x()[i], points.y()[i]);
        }
        assertEquals(vec[0], Cowichan.outerRow(points.x(), points.y(), 0, row));
        double r0 = Cowichan.productRow(row, vec);
        assertEquals(6.75288e11, r0, 0.00001e11);
    }

    @Test
    void scoopVersionsAtFullSize() {
        try (WeftPool pool = new WeftPool(2)) {
            Scoop scoop = Scoop.on(pool);
            assertArrayEquals(matrix, Randmat.scoop(scoop, N, 0, 2));
            Thresh.Work tw = new Thresh.Work(N, 0, 1);
            Thresh.Result t = (Thresh.Result) tw.scoop(scoop, 2);
            assertEquals(98, t.threshold());
            assertArrayEquals(thresh.mask(), t.mask());
            Winnow.Work ww = new Winnow.Work(N, 0, 1, NW);
            assertEquals(points, ww.scoop(scoop, 3));
        }
    }
}
