package com.netflix.exhibitor.standalone;

import com.netflix.exhibitor.core.state.ServerSpec;
import com.netflix.exhibitor.core.state.ServerStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

/** Standalone entry point: polls the ensemble once a minute. */
public final class ExhibitorMain {
    private ExhibitorMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        List<ServerSpec> specs = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            specs.add(new ServerSpec("zk" + i, i));
        }
        ForkJoinPool pool = new ForkJoinPool();
        for (int round = 0; round < 3; round++) {
            List<ServerStatus> statuses = pool.invoke(new ClusterStatusTask(specs));
            System.out.println(statuses.size() + " servers");
            Thread.sleep(60_000);
        }
    }
}
