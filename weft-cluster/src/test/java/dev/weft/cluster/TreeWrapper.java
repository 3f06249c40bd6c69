package dev.weft.cluster;

/** A test queue over the synthetic tree that changes how a step runs (slower, announced, failing) and nothing else. */
abstract class TreeWrapper implements TaskQueue<SyntheticTree.Bag, Long> {
    private final SyntheticTree.Queue inner = new SyntheticTree.Queue();

    /** One step of the tree's own queue. */
    final boolean step(int n) {
        return inner.process(n);
    }

    @Override
    public SyntheticTree.Bag split() {
        return inner.split();
    }

    @Override
    public void merge(SyntheticTree.Bag bag) {
        inner.merge(bag);
    }

    @Override
    public Long result() {
        return inner.result();
    }
}
