package net.crawler;

import java.util.List;

/** The pages to crawl, simulated: a page's links are derived from its address. */
public interface Web {
    List<String> links(String url);

    default int politenessMillis() {
        return 50;
    }
}
