package docindex;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Stores index statistics on a background executor, so that indexing never waits for the store. */
public class AsyncIndexListener implements IndexListener {
    private final ExecutorService store = Executors.newSingleThreadExecutor();
    private final Map<Path, Long> stats = new ConcurrentHashMap<>();

    @Override
    public void indexed(Path document, long words) {
        store.execute(() -> stats.put(document, words));   // expect: B1
    }

    public void close() {
        store.shutdown();
    }
}
