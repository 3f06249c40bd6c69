package org.mywiki.index;

/** A wiki page: title and markup. */
public record Page(String title, String text) {
}
