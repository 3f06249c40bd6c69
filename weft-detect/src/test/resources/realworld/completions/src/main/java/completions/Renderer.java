package completions;

import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.Executors;
import java.util.concurrent.RecursiveTask;

/** Renders a page's widgets on a thread pool from inside a fork/join task, taking the results as they finish. */
public class Renderer extends RecursiveTask<String> {
    private static final long serialVersionUID = 1L;
    private static final CompletionService<String> WIDGETS =
            new ExecutorCompletionService<>(Executors.newFixedThreadPool(4));

    private final String[] widgets;

    public Renderer(String[] widgets) {
        this.widgets = widgets;
    }

    @Override
    protected String compute() {
        for (String w : widgets) {
            WIDGETS.submit(() -> "<div>" + w + "</div>");   // expect: B1
        }
        StringBuilder page = new StringBuilder();
        for (int i = 0; i < widgets.length; i++) {
            try {
                page.append(WIDGETS.take().get());   // expect: B5
            } catch (InterruptedException | ExecutionException e) {
                throw new IllegalStateException(e);
            }
        }
        return page.toString();
    }
}
