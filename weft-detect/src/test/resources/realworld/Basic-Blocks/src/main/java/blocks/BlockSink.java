package blocks;

/** Receives the basic blocks found by the analysis. */
public interface BlockSink {
    void block(int start, int end);

    int count();
}
