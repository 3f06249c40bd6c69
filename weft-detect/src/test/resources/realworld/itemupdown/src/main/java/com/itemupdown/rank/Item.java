package com.itemupdown.rank;

/** Something people vote up or down. */
public class Item {
    final String id;
    int ups;
    int downs;
    double score;

    public Item(String id, int ups, int downs) {
        this.id = id;
        this.ups = ups;
        this.downs = downs;
    }
}
