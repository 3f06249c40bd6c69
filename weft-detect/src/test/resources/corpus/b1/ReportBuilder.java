package b1;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RecursiveTask;

/** Builds report sections in a fork/join task, but hands the work to an executor and waits for it. */
public class ReportBuilder extends RecursiveTask<String> {
    private final ExecutorService io;
    private final List<String> sections;

    ReportBuilder(ExecutorService io, List<String> sections) {
        this.io = io;
        this.sections = sections;
    }

    @Override
    protected String compute() {
        StringBuilder out = new StringBuilder();
        try {
            Future<String> header = io.submit(() -> render("header"));   // expect: B1
            out.append(header.get());
            List<Callable<String>> jobs = sections.stream().<Callable<String>>map(s -> () -> render(s)).toList();
            for (Future<String> f : io.invokeAll(jobs)) {   // expect: B1
                out.append(f.get());
            }
        } catch (InterruptedException | ExecutionException e) {
            throw new IllegalStateException(e);
        }
        CompletableFuture<String> footer = CompletableFuture.supplyAsync(() -> render("footer"));   // expect: B1
        return out.append(footer.join()).toString();
    }

    static String render(String section) {
        return "[" + section + "]";
    }

    public static void main(String[] args) throws Exception {
        ExecutorService io = Executors.newFixedThreadPool(2);
        Future<String> warmup = io.submit(() -> render("warmup"));
        warmup.get();
        System.out.println(new java.util.concurrent.ForkJoinPool().invoke(new ReportBuilder(io, List.of("a", "b"))));
        io.shutdown();
    }
}
