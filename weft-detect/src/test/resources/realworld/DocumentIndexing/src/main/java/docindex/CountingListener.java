package docindex;

import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;

/** Only adds up the words. */
public class CountingListener implements IndexListener {
    final LongAdder words = new LongAdder();

    @Override
    public void indexed(Path document, long n) {
        words.add(n);
    }
}
