package dk.statsbiblioteket.doms.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicInteger;

/** Transforms the records of a batch of object ids; a large batch is split into two new batches. */
public class TransformBatch extends RecursiveAction {
    private static final long serialVersionUID = 1L;
    private static final int MAX_BATCH = 50;

    private final List<String> pids;
    private final Transformer transformer;
    private final AtomicInteger failures;

    public TransformBatch(List<String> pids, Transformer transformer, AtomicInteger failures) {
        this.pids = pids;
        this.transformer = transformer;
        this.failures = failures;
    }

    @Override
    protected void compute() {
        if (pids.size() <= MAX_BATCH) {
            for (String pid : pids) {
                if (!transformer.transform(pid)) {
                    failures.incrementAndGet();
                }
            }
            return;
        }
        int half = pids.size() / 2;
        List<String> head = new ArrayList<>(pids.subList(0, half));   // expect: B2
        List<String> tail = new ArrayList<>(pids.subList(half, pids.size()));   // expect: B2
        invokeAll(new TransformBatch(head, transformer, failures), new TransformBatch(tail, transformer, failures));
    }
}
