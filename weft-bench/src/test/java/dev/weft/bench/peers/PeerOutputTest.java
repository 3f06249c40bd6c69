package dev.weft.bench.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The lines a peer binary writes: runs, comments, and clear errors for anything else. */
class PeerOutputTest {
    @Test
    void runsAndCommentsAsTheBinariesWriteThem() {
        // Copied from a run of peers-rust and peers-go (the integrate answer in Go's shortest form).
        PeerOutput.Parsed p = PeerOutput.parse(List.of(
                "# peers-rust integrate(0,1000,1e-9): rustc 1.95.0, rayon 1.12.0, chili 0.2.1, 1 warm-up + 3 measured runs",
                "integrate,rayon,1,590478752,250000500000.001",
                "",
                "integrate,rust-serial,1,125259314,2.50000500000001e+11",
                "# go x2: a run took 61.5 s, over --max-seconds 60: its other runs are left out (1 measured)",
                "integrate,chili,16,239544945,250000500000.00101"), "integrate", "peers-rust");
        assertEquals(List.of(
                new PeerOutput.Run("integrate", "rayon", 1, 590478752L, "250000500000.001"),
                new PeerOutput.Run("integrate", "rust-serial", 1, 125259314L, "2.50000500000001e+11"),
                new PeerOutput.Run("integrate", "chili", 16, 239544945L, "250000500000.00101")), p.runs());
        assertEquals(2, p.comments().size());
        assertTrue(p.comments().get(0).startsWith("peers-rust integrate"), p.comments().get(0));
        // The three languages print the same double in three ways; all read back as the same value.
        for (PeerOutput.Run r : p.runs()) {
            assertEquals(250000500000.001, Double.parseDouble(r.answer()));
        }
    }

    @Test
    void anythingElseIsAnErrorThatNamesTheLine() {
        for (String bad : List.of("fib,rayon,1,100", "fib,rayon,1,100,5,6", "fib,rayon,x,100,5", "fib,rayon,1,1e9,5",
                "fib,rayon,0,100,5", "fib,rayon,-1,100,5", "fib,rayon,1,-100,5", "fib,,1,100,5", "fib,rayon,1,100,",
                "nqueens,rayon,1,100,14200", "fib,rayon,99999999999,100,5", "thread 'main' panicked")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> PeerOutput.parse(List.of("# header", bad), "fib", "peers-x"), bad);
            assertTrue(e.getMessage().startsWith("peers-x, line 2 '" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void nullsAreNamed() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> PeerOutput.parse(null, "fib", "x"));
        assertEquals("lines", e.getMessage());
    }
}
