package org.bazaar.catalog;

import java.util.List;

/** A category of the catalogue, with its listings and sub-categories. */
public record Category(String name, List<Listing> listings, List<Category> children) {
}
