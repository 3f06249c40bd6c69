package b6;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import dev.weft.Task;
import dev.weft.Weft;
import java.util.List;
import shared.Metrics;

/** Weft code that sleeps between retries, directly and through a helper in another file. */
public class RetryingFetch extends Task<String> {
    private final String url;

    RetryingFetch(String url) {
        this.url = url;
    }

    @Override
    protected String compute() {
        for (int attempt = 0; attempt < 3; attempt++) {
            String page = tryFetch(url);
            if (page != null) {
                return page;
            }
            Metrics.backOff(attempt);
        }
        return "";
    }

    static String tryFetch(String url) {
        return url.isEmpty() ? null : "<html>" + url;
    }

    static void warmAll(List<String> urls) {
        Weft.finish(() -> {
            for (String u : urls) {
                Weft.async(() -> {
                    try {
                        MILLISECONDS.sleep(5);   // expect: B6
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    tryFetch(u);
                });
            }
        });
    }

    /** Managed: the sleeping worker is compensated for. */
    static String politely(String url) throws InterruptedException {
        return Weft.join(() -> tryFetch(url), () -> {
            try {
                return Weft.blocking(() -> {
                    Thread.sleep(10);
                    return tryFetch(url + "/robots.txt");
                });
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, (a, b) -> a + b);
    }

    /** A plain thread may sleep. */
    static Thread ticker() {
        return new Thread(() -> {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
