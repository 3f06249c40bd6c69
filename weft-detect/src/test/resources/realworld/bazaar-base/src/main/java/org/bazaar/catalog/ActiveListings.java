package org.bazaar.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** The active listings of a category tree: a subtask per sub-category, forked as the loop meets it. */
public class ActiveListings extends RecursiveTask<List<Listing>> {
    private static final long serialVersionUID = 1L;

    private final Category category;

    public ActiveListings(Category category) {
        this.category = category;
    }

    @Override
    protected List<Listing> compute() {
        List<ActiveListings> forked = new ArrayList<>();
        for (Category child : category.children()) {   // expect: B4
            ActiveListings task = new ActiveListings(child);
            forked.add(task);
            task.fork();
        }
        List<Listing> active = new ArrayList<>();
        for (Listing l : category.listings()) {
            if (l.active()) {
                active.add(l);
            }
        }
        for (ActiveListings task : forked) {
            active.addAll(task.join());   // expect: B3
        }
        return active;
    }

    public static List<Listing> of(Category root) {
        return ForkJoinPool.commonPool().invoke(new ActiveListings(root));
    }
}
