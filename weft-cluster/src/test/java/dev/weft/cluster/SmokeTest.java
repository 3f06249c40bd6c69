package dev.weft.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void threeMembersCountATree() {
        Tree.Shape shape = new Tree.Shape(200, 4, 0.2499);
        long expected = Tree.serialCount(shape, 7);
        try (Clusters c = Clusters.start(3, 1, 6100)) {
            for (int round = 0; round < 3; round++) {
                RunReport<Long> r = c.home().runReported(Tree.Bag.root(shape, 7), Tree.Queue::new, Reduction.sumLong());
                System.out.println(r);
                assertEquals(expected, r.value() + 1);
            }
        }
    }
}
