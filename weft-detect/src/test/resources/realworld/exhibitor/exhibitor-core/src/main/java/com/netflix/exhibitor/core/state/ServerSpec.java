package com.netflix.exhibitor.core.state;

/** One ZooKeeper server of the ensemble. */
public final class ServerSpec {
    private final String hostname;
    private final int id;

    public ServerSpec(String hostname, int id) {
        this.hostname = hostname;
        this.id = id;
    }

    public String getHostname() {
        return hostname;
    }

    public int getId() {
        return id;
    }
}
