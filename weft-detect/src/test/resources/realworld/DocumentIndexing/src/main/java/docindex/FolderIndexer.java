package docindex;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/** Counts the words of every text file under a folder: a task per sub-folder and per file. */
public class FolderIndexer extends RecursiveTask<Long> {
    private static final long serialVersionUID = 1L;

    private final Path folder;
    private final IndexListener listener;

    public FolderIndexer(Path folder, IndexListener listener) {
        this.folder = folder;
        this.listener = listener;
    }

    @Override
    protected Long compute() {
        long count = 0;
        List<RecursiveTask<Long>> tasks = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path entry : entries) {   // expect: B4
                if (Files.isDirectory(entry)) {
                    FolderIndexer sub = new FolderIndexer(entry, listener);
                    sub.fork();
                    tasks.add(sub);
                } else if (entry.toString().endsWith(".txt")) {
                    DocumentIndexer doc = new DocumentIndexer(entry, listener);
                    doc.fork();
                    tasks.add(doc);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        for (RecursiveTask<Long> t : tasks) {
            count += t.join();
        }
        return count;
    }
}
