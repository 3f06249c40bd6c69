package events;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/** Counts events per type. */
public class TypeCounter implements Listener {
    private final Map<String, Integer> counts = Collections.synchronizedMap(new HashMap<>());

    @Override
    public void onEvent(String type, long timestamp) {
        counts.merge(type, 1, Integer::sum);   // expect: B5
    }

    public Map<String, Integer> counts() {
        return counts;
    }
}
