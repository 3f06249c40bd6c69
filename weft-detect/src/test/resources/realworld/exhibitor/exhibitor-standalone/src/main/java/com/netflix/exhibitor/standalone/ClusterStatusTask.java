package com.netflix.exhibitor.standalone;

import com.netflix.exhibitor.core.state.FourLetterWord;
import com.netflix.exhibitor.core.state.ServerSpec;
import com.netflix.exhibitor.core.state.ServerStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/** Polls every server of the ensemble: one subtask per server, forked as it is built. */
public class ClusterStatusTask extends RecursiveTask<List<ServerStatus>> {
    private static final long serialVersionUID = 1L;

    private final List<ServerSpec> specs;

    public ClusterStatusTask(List<ServerSpec> specs) {
        this.specs = specs;
    }

    @Override
    protected List<ServerStatus> compute() {
        if (specs.size() > 32) {
            int half = specs.size() / 2;
            ClusterStatusTask a = new ClusterStatusTask(new ArrayList<>(specs.subList(0, half)));   // expect: B2
            ClusterStatusTask b = new ClusterStatusTask(new ArrayList<>(specs.subList(half, specs.size())));   // expect: B2
            a.fork();
            List<ServerStatus> both = new ArrayList<>(b.compute());   // expect: B3
            both.addAll(a.join());   // expect: B3
            return both;
        }
        List<ServerTask> tasks = new ArrayList<>();
        for (ServerSpec spec : specs) {   // expect: B4
            ServerTask task = new ServerTask(spec);
            task.fork();
            tasks.add(task);
        }
        List<ServerStatus> statuses = new ArrayList<>();
        for (ServerTask task : tasks) {
            statuses.add(task.join());
        }
        return statuses;
    }

    static final class ServerTask extends RecursiveTask<ServerStatus> {
        private static final long serialVersionUID = 1L;
        private final ServerSpec spec;

        ServerTask(ServerSpec spec) {
            this.spec = spec;
        }

        @Override
        protected ServerStatus compute() {
            String ok = FourLetterWord.ask(spec, "ruok");
            return new ServerStatus(spec, ok.equals("imok") ? FourLetterWord.ask(spec, "stat") : "down");
        }
    }
}
