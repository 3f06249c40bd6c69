package scoped;

import java.util.ArrayList;
import java.util.List;
import java.util.Stack;

/**
 * Key lifetime tracking per thread (shaped like a distributed store's scope): each thread has its own stack of
 * levels. The trace of every scope entered is one stack for the whole process, for debugging.
 */
public final class Scope {
    private static final ThreadLocal<Scope> CURRENT = ThreadLocal.withInitial(Scope::new);
    static final Stack<String> TRACE = new Stack<>();

    private final Stack<List<String>> levels = new Stack<>();

    private Scope() {
    }

    public static void enter(String why) {
        Scope s = CURRENT.get();
        s.levels.push(new ArrayList<>());
        TRACE.push(why);   // miss: B5
    }

    public static void track(String key) {
        Scope s = CURRENT.get();
        if (!s.levels.isEmpty()) {
            s.levels.peek().add(key);
        }
    }

    public static List<String> exit() {
        Scope s = CURRENT.get();
        List<String> keys = s.levels.pop();
        if (s.levels.empty()) {
            CURRENT.remove();
        }
        return keys;
    }
}
