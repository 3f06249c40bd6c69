package docindex;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.RecursiveTask;

/** Counts the words of one document. */
public class DocumentIndexer extends RecursiveTask<Long> {
    private static final long serialVersionUID = 1L;

    private final Path document;
    private final IndexListener listener;

    public DocumentIndexer(Path document, IndexListener listener) {
        this.document = document;
        this.listener = listener;
    }

    @Override
    protected Long compute() {
        try {
            long words = 0;
            for (String line : Files.readAllLines(document)) {
                words += line.split("\\s+").length;
            }
            listener.indexed(document, words);
            return words;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
