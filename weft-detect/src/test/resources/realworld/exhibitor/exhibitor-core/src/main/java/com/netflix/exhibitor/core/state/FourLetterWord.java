package com.netflix.exhibitor.core.state;

/** Asks a server one of ZooKeeper's four-letter commands (simulated here). */
public final class FourLetterWord {
    private FourLetterWord() {
    }

    public static String ask(ServerSpec spec, String word) {
        return spec.getId() % 5 == 0 ? "not serving" : word.equals("ruok") ? "imok" : "follower";
    }
}
