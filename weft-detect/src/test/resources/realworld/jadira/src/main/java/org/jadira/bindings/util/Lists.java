package org.jadira.bindings.util;

import java.util.ArrayList;
import java.util.List;

/** List utilities shared by the binding modules. */
public final class Lists {
    private Lists() {
    }

    /** A new list holding the elements of both lists, in order. */
    public static <T> List<T> concat(List<? extends T> first, List<? extends T> second) {
        List<T> result = new ArrayList<>(first.size() + second.size());
        result.addAll(first);   // expect: B3
        result.addAll(second);   // expect: B3
        return result;
    }

    /** A new list with the elements of a list that are not null. */
    public static <T> List<T> withoutNulls(List<T> list) {
        List<T> result = new ArrayList<>();
        for (T t : list) {
            if (t != null) {
                result.add(t);
            }
        }
        return result;
    }
}
