package tree;

import jsr166y.ForkJoinPool;
import jsr166y.RecursiveTask;

import java.io.File;
import java.util.List;

/**
 * Sizes of a directory tree, one subtask per subdirectory.
 */
public class DirSize extends RecursiveTask<Long> {
  private static final long serialVersionUID = 1L;
  private final File dir;

  public DirSize(File dir) {
    this.dir = dir;
  }

  @Override
  protected Long compute() {
    long size = 0;
    List<DirSize> tasks = new java.util.LinkedList<DirSize>();
    File[] children = dir.listFiles();
    if (children == null) {
      return 0L;
    }
    for (File f : children) {
      if (f.isDirectory()) {
        // one task per subdirectory
        DirSize t = new DirSize(f);
        t.fork();
        tasks.add(t);
      } else {
        size += f.length();
      }
    }
    for (DirSize t : tasks) {
      size += t.join();
    }
    return size;
  }

  public static long of(File root) {
    return new ForkJoinPool().invoke(new DirSize(root));
  }
}
