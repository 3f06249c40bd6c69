package dirtree;

import java.util.List;

/** A directory, its files' sizes and its subdirectories. */
public record Node(String name, long[] fileSizes, List<Node> children) {
}
