package dev.weft.context;

import dev.weft.ContextCarrier;
import java.util.Map;
import org.slf4j.MDC;

/**
 * SLF4J's MDC as a {@link ContextCarrier} ({@link Carriers#mdc}). The captured map is a copy, never
 * changed afterwards, so several workers may install the same one: {@code setContextMap} copies it
 * again into each thread's own map, as its contract says.
 */
final class MdcCarrier implements ContextCarrier<Map<String, String>> {
    @Override
    public Map<String, String> capture() {
        Map<String, String> m = MDC.getCopyOfContextMap();
        return m == null || m.isEmpty() ? null : m; // "nothing set" as null, whichever way the binding says it
    }

    @Override
    public void restore(Map<String, String> state) {
        if (state == null) {
            MDC.clear();
        } else {
            MDC.setContextMap(state);
        }
    }
}
