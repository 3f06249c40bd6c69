package docindex;

import java.nio.file.Path;

/** Told about every indexed document. */
public interface IndexListener {
    void indexed(Path document, long words);
}
