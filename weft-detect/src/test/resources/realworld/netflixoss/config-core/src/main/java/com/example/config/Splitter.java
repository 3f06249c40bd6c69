package com.example.config;

import java.util.Arrays;

/** Splits arrays of property keys in two. */
final class Splitter {
    private Splitter() {
    }

    static String[] head(String[] keys) {
        return Arrays.copyOfRange(keys, 0, keys.length / 2);
    }

    static String[] tail(String[] keys) {
        return Arrays.copyOfRange(keys, keys.length / 2, keys.length);
    }
}
