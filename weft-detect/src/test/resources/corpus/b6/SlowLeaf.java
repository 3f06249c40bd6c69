package b6;

/** A subclass whose file names no fork/join type: it is task code because Ctask is. */
class SlowLeaf extends Ctask {
    SlowLeaf(int n) {
        super(n);
    }

    @Override
    protected Integer compute() {
        pause();
        return super.compute();
    }

    private static void pause() {
        try {
            Thread.sleep(1);   // expect: B6
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
