package io.conflate.merge;

/** A key and a version: conflation keeps the newest version of each key. */
public record Record(String key, long version, String payload) {
}
