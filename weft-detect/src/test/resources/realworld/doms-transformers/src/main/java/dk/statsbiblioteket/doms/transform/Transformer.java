package dk.statsbiblioteket.doms.transform;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Applies a stylesheet to one record; the result cache is shared by all tasks (no lock held while working), and
 * so is the audit log, a StringBuffer: every append takes its lock.
 */
public class Transformer {
    private final Map<String, String> results = new ConcurrentHashMap<>();
    private final StringBuffer audit = new StringBuffer();
    private final String stylesheet;

    public Transformer(String stylesheet) {
        this.stylesheet = stylesheet;
    }

    public boolean transform(String pid) {
        if (pid.isEmpty()) {
            return false;
        }
        results.computeIfAbsent(pid, p -> stylesheet + ":" + p.hashCode());
        audit.append(pid).append('\n');   // expect: B5
        return true;
    }

    public String audit() {
        return audit.toString();
    }
}
