package com.netflix.exhibitor.core.state;

/** What one server answered to "ruok"/"stat". */
public final class ServerStatus {
    private final ServerSpec spec;
    private final String state;

    public ServerStatus(ServerSpec spec, String state) {
        this.spec = spec;
        this.state = state;
    }

    public ServerSpec getSpec() {
        return spec;
    }

    public String getState() {
        return state;
    }
}
