package shutdown;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;

/** Copies blocks to a peer, retrying a busy peer after a pause; a corrupt block is fatal to the node. */
public class Replicate extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final byte[][] blocks;
    private final int from;
    private final int to;

    public Replicate(byte[][] blocks, int from, int to) {
        this.blocks = blocks;
        this.from = from;
        this.to = to;
    }

    @Override
    protected void compute() {
        if (to - from == 1) {
            if (blocks[from] == null) {
                Node.exit(3);
            }
            for (int attempt = 0; !Peer.offer(blocks[from]); attempt++) {
                try {
                    TimeUnit.MILLISECONDS.sleep(10L << Math.min(attempt, 6));   // expect: B6
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            return;
        }
        int mid = (from + to) >>> 1;
        invokeAll(new Replicate(blocks, from, mid), new Replicate(blocks, mid, to));
    }

    /** The peer, accepting a block when it has room. */
    static final class Peer {
        private static int room = 8;

        static boolean offer(byte[] block) {
            if (room == 0) {
                room = 8;
                return false;
            }
            room--;
            return block.length >= 0;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        ForkJoinPool pool = new ForkJoinPool();
        pool.invoke(new Replicate(new byte[][] {{1}, {2}, {3}}, 0, 3));
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.SECONDS);
        Thread.sleep(100);
    }
}
