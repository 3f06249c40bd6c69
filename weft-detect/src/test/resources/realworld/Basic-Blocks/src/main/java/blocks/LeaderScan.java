package blocks;

import java.util.concurrent.RecursiveAction;

/**
 * Finds the basic blocks of a method's bytecode between two offsets: a block ends at every jump; the blocks go to
 * a sink, whatever implementation the caller gave.
 */
public class LeaderScan extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final byte[] code;
    private final int from;
    private final int to;
    private final BlockSink sink;

    public LeaderScan(byte[] code, int from, int to, BlockSink sink) {
        this.code = code;
        this.from = from;
        this.to = to;
        this.sink = sink;
    }

    @Override
    protected void compute() {
        if (to - from > 4096) {
            int mid = (from + to) >>> 1;
            invokeAll(new LeaderScan(code, from, mid, sink), new LeaderScan(code, mid, to, sink));
            return;
        }
        int start = from;
        for (int pc = from; pc < to; pc++) {
            if (isJump(code[pc])) {
                sink.block(start, pc + 1);
                start = pc + 1;
            }
        }
        if (start < to) {
            sink.block(start, to);
        }
        if (sink.count() < 0) {
            throw new IllegalStateException("negative block count");
        }
    }

    static boolean isJump(byte op) {
        int u = op & 0xff;
        return (u >= 0x99 && u <= 0xa8) || u == 0xc6 || u == 0xc7 || (u >= 0xac && u <= 0xb1);
    }
}
