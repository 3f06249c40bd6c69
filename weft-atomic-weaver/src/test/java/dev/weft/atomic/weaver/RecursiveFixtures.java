package dev.weft.atomic.weaver;

/**
 * AJ's recursive structures (Dolby et al.) as the stress tests compile, weave and run them: a linked list
 * and a binary search tree whose nodes are aliased into the owner's set through self-typed fields, walked
 * past the head inside the owner's units of work.
 */
final class RecursiveFixtures {
    private RecursiveFixtures() {
    }

    /**
     * A list of ints with a size and a sum that must agree with its nodes. {@code push} links a node at the
     * head, {@code remove} unlinks the first node holding a value (walking from the head), {@code consistent}
     * walks every node, and so does {@code consistentVia}, a unit that names the list by an
     * {@code @AliasAtomicSet} parameter and walks {@code l.head.next...}. Random delays inside units widen
     * the windows between the writes.
     */
    static final String LIST = """
            package r;
            import dev.weft.*;
            import dev.weft.atomic.*;
            import java.util.SplittableRandom;
            import java.util.concurrent.atomic.*;

            @AtomicSet("list")
            public class IntList {
                @AliasAtomicSet private Node head;
                private int size;
                private long sum;

                void push(int v) { head = new Node(v, head); Pause.random(); size++; sum += v; }

                boolean remove(int v) {
                    if (head == null) return false;
                    if (head.value == v) { head = head.next; Pause.random(); size--; sum -= v; return true; }
                    for (Node prev = head, n = head.next; n != null; prev = n, n = n.next) {
                        if (n.value == v) { prev.unlinkNext(); Pause.random(); size--; sum -= v; return true; }
                    }
                    return false;
                }

                boolean consistent() {
                    int count = 0;
                    long s = 0;
                    for (Node n = head; n != null; n = n.next) { count++; s += n.value; }
                    return count == size && s == sum;
                }

                /** consistent(), as a unit of the list's set named by a parameter: walks l.head.next... */
                static boolean consistentVia(@AliasAtomicSet IntList l) {
                    int count = 0;
                    long s = 0;
                    for (Node n = l.head; n != null; n = n.next) { count++; s += n.value; }
                    return count == l.size && s == l.sum;
                }

                /** Replaces the list by a chain of nodes built elsewhere: the chain joins this list's set. */
                void adopt(Node chain) {
                    head = chain;
                    size = 0;
                    sum = 0;
                    for (Node n = head; n != null; n = n.next) { size++; sum += n.value; }
                }

                int size() { return size; }
                long sum() { return sum; }

                /**
                 * {@code ops} random pushes, removes and checks on {@code workers} workers: returns {violations,
                 * size - (pushes - removes), sum - (pushed - removed values)}; all zero when nothing was lost.
                 */
                public static long[] run(int workers, int ops, long seed) {
                    IntList list = new IntList();
                    AtomicLong violations = new AtomicLong(), count = new AtomicLong(), total = new AtomicLong();
                    try (WeftPool pool = new WeftPool(workers)) {
                        pool.run(() -> Weft.parallelFor(0, ops, i -> {
                            SplittableRandom r = new SplittableRandom(seed * 1_000_003L + i);
                            int v = r.nextInt(64);
                            try {
                                switch (r.nextInt(5)) {
                                    case 0, 1 -> { list.push(v); count.incrementAndGet(); total.addAndGet(v); }
                                    case 2, 3 -> { if (list.remove(v)) { count.decrementAndGet(); total.addAndGet(-v); } }
                                    default -> {
                                        boolean ok = r.nextBoolean() ? list.consistent() : consistentVia(list);
                                        if (!ok) violations.incrementAndGet();
                                    }
                                }
                            } catch (RuntimeException e) {
                                violations.incrementAndGet(); // a walk that met a half-unlinked node
                            }
                        }));
                    }
                    if (!list.consistent()) violations.incrementAndGet();
                    return new long[] {violations.get(), list.size() - count.get(), list.sum() - total.get()};
                }
            }

            @AtomicSet("node")
            class Node {
                final int value;
                @AliasAtomicSet Node next;           // the rest of the list shares this node's set

                Node(int value, Node next) { this.value = value; this.next = next; }

                void unlinkNext() { Node gone = next; Pause.random(); next = gone.next; }
            }

            final class Pause {
                static void random() {
                    java.util.concurrent.ThreadLocalRandom r = java.util.concurrent.ThreadLocalRandom.current();
                    int k = r.nextInt(8);
                    if (k == 0) Thread.yield();
                    else for (int i = 0; i < k * 10; i++) Thread.onSpinWait();
                }
            }
            """;

    /**
     * A binary search tree of distinct ints with a size and a sum: {@code insert} walks down to a leaf and
     * attaches a node there, {@code removeMin} walks the left spine and unlinks the smallest node, and
     * {@code consistent} counts, sums and checks the order recursively through the nodes' own units.
     */
    static final String TREE = """
            package r;
            import dev.weft.*;
            import dev.weft.atomic.*;
            import java.util.SplittableRandom;
            import java.util.concurrent.atomic.*;

            @AtomicSet("tree")
            public class IntTree {
                @AliasAtomicSet private TreeNode root;
                private int size;
                private long sum;

                boolean insert(int k) {
                    if (root == null) { root = new TreeNode(k); Pause2.random(); size++; sum += k; return true; }
                    TreeNode n = root;
                    while (true) {
                        if (k == n.key) return false;
                        TreeNode child = k < n.key ? n.left : n.right;
                        if (child == null) { n.attach(new TreeNode(k)); Pause2.random(); size++; sum += k; return true; }
                        n = child;
                    }
                }

                /** The smallest key, unlinked; -1 when the tree is empty. */
                int removeMin() {
                    if (root == null) return -1;
                    int k;
                    if (root.left == null) { k = root.key; root = root.right; }
                    else {
                        TreeNode parent = root;
                        while (parent.left.left != null) parent = parent.left;
                        k = parent.left.key;
                        parent.dropLeft();
                    }
                    Pause2.random();
                    size--;
                    sum -= k;
                    return k;
                }

                boolean consistent() {
                    if (root == null) return size == 0 && sum == 0;
                    return root.count() == size && root.sum() == sum && root.ordered(Integer.MIN_VALUE, Integer.MAX_VALUE);
                }

                int size() { return size; }
                long sum() { return sum; }

                /**
                 * {@code ops} random inserts, removals of the minimum and checks on {@code workers} workers:
                 * returns {violations, size - (inserts - removals), sum - (inserted - removed keys)}.
                 */
                public static long[] run(int workers, int ops, long seed) {
                    IntTree tree = new IntTree();
                    AtomicLong violations = new AtomicLong(), count = new AtomicLong(), total = new AtomicLong();
                    try (WeftPool pool = new WeftPool(workers)) {
                        pool.run(() -> Weft.parallelFor(0, ops, i -> {
                            SplittableRandom r = new SplittableRandom(seed * 1_000_003L + i);
                            int k = r.nextInt(512);
                            try {
                                switch (r.nextInt(6)) {
                                    case 0, 1, 2 -> { if (tree.insert(k)) { count.incrementAndGet(); total.addAndGet(k); } }
                                    case 3 -> { int m = tree.removeMin(); if (m >= 0) { count.decrementAndGet(); total.addAndGet(-m); } }
                                    default -> { if (!tree.consistent()) violations.incrementAndGet(); }
                                }
                            } catch (RuntimeException e) {
                                violations.incrementAndGet(); // a walk that met a half-linked node
                            }
                        }));
                    }
                    if (!tree.consistent()) violations.incrementAndGet();
                    return new long[] {violations.get(), tree.size() - count.get(), tree.sum() - total.get()};
                }
            }

            @AtomicSet("node")
            class TreeNode {
                final int key;
                @AliasAtomicSet TreeNode left;       // both subtrees share this node's set
                @AliasAtomicSet TreeNode right;

                TreeNode(int key) { this.key = key; }

                void attach(TreeNode c) { if (c.key < key) left = c; else right = c; }

                void dropLeft() { TreeNode gone = left; Pause2.random(); left = gone.right; }

                int count() { return 1 + (left == null ? 0 : left.count()) + (right == null ? 0 : right.count()); }

                long sum() { return key + (left == null ? 0 : left.sum()) + (right == null ? 0 : right.sum()); }

                boolean ordered(int lo, int hi) {
                    return key >= lo && key <= hi && (left == null || left.key < key && left.ordered(lo, key - 1))
                            && (right == null || right.key > key && right.ordered(key + 1, hi));
                }
            }

            final class Pause2 {
                static void random() {
                    java.util.concurrent.ThreadLocalRandom r = java.util.concurrent.ThreadLocalRandom.current();
                    int k = r.nextInt(8);
                    if (k == 0) Thread.yield();
                    else for (int i = 0; i < k * 10; i++) Thread.onSpinWait();
                }
            }
            """;
}
