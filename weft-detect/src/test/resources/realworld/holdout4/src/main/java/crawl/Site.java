package crawl;

import java.util.List;

/** The pages of a site, as the checker sees them. */
public interface Site {
    /** The links on a page; throws if the page cannot be fetched. */
    List<String> links(String url) throws Exception;

    boolean exists(String url);
}
