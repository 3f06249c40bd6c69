package org.bazaar.catalog;

/** One offer. */
public record Listing(String title, long priceCents, boolean active) {
}
