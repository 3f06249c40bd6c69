package b5;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Hashtable;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import java.util.Stack;
import java.util.Vector;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Hidden locks (JDK methods declared synchronized) on objects that tasks running at the same time share, next to
 * the same calls on objects only one task can see: built in the task, made by a factory, a ThreadLocal's value,
 * a joined result, or filled before being handed on. Only a shared object's lock is contended.
 */
public class HiddenLocks extends RecursiveTask<Integer> {
    static final Hashtable<String, Integer> SEEN = new Hashtable<>();
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /** Per-thread state: each thread has its own, and so its own stack. */
    static final class Scratch {
        private final Stack<String> path = new Stack<>();
    }

    private final StringBuffer log;
    private final String[] words;
    private final int from;
    private final int to;

    HiddenLocks(StringBuffer log, String[] words, int from, int to) {
        this.log = log;
        this.words = words;
        this.from = from;
        this.to = to;
    }

    @Override
    protected Integer compute() {
        if (to - from <= 2) {
            // The shared log: three calls, one finding with the count.
            log.append(from);   // expect: B5
            log.append('-').append(to);
            log.append('\n');
            SEEN.put(words[from], from);   // expect: B5
            return label(from).length() + describe(words, from, to).length() + settings(from).size()
                    + noise(from) + depth(words[from]);
        }
        int mid = (from + to) >>> 1;
        HiddenLocks left = new HiddenLocks(log, words, from, mid);
        left.fork();
        int right = new HiddenLocks(log, words, mid, to).compute();
        Vector<Integer> both = gather(left.join(), right);
        both.add(0);
        return both.get(0) + both.get(1);
    }

    /** A buffer of this call's own: its lock is never contended. */
    static String label(int i) {
        StringBuffer sb = new StringBuffer();
        sb.append("item ");
        sb.append(i);
        return sb.toString();
    }

    /** A parameter every caller fills with a fresh buffer of its own. */
    private static String describe(String[] words, int from, int to) {
        StringBuffer out = new StringBuffer();
        appendRange(out, words, from, to);
        return out.toString();
    }

    private static void appendRange(StringBuffer out, String[] words, int from, int to) {
        for (int i = from; i < to; i++) {
            out.append(words[i]).append(' ');
        }
    }

    /** Filled before it is handed on: the calls before the hand-over see an object nobody else can. */
    static Properties settings(int level) {
        Properties p = new Properties();
        fill(p, level);
        p.setProperty("done", "yes");
        System.setProperties(p);
        return p;
    }

    private static void fill(Properties p, int level) {
        p.setProperty("level", String.valueOf(level));
        p.setProperty("name", "task");
    }

    /** A generator made for this call by a factory: its synchronized nextGaussian is uncontended. */
    static int noise(int seed) {
        Random r = generator(seed);
        return (int) r.nextGaussian();
    }

    private static Random generator(long seed) {
        return seed % 2 == 0 ? new Random(seed) : new Random(~seed);
    }

    /** A ThreadLocal's value is the calling thread's alone, and so is the stack it holds. */
    static int depth(String word) {
        Scratch s = SCRATCH.get();
        s.path.push(word);
        int d = s.path.size();
        s.path.pop();
        return d;
    }

    /** After the join, the joined vector is the joiner's alone; the one it returns is new. */
    static Vector<Integer> gather(Integer a, Integer b) {
        Vector<Integer> v = new Vector<>();
        v.add(a);
        v.add(b);
        return v;
    }

    /** A lock made for one call and a collection wrapped for it are never contended either. */
    static int local(int[] xs) {
        ReentrantLock lock = new ReentrantLock();
        List<Integer> sink = Collections.synchronizedList(new ArrayList<>());
        lock.lock();
        try {
            for (int x : xs) {
                sink.add(x);
            }
        } finally {
            lock.unlock();
        }
        return sink.size();
    }

    /** Pending results with synchronized methods, one batch per call: its locks are never contended. */
    static class Batch {
        private final List<Integer> items = new ArrayList<>();

        synchronized void add(int x) {
            items.add(x);
            trim();
        }

        private synchronized void trim() {
            if (items.size() > 64) {
                items.remove(0);
            }
        }

        synchronized int size() {
            return items.size();
        }
    }

    /** Counts shared by all tasks: the same synchronized methods, on one object every task reaches. */
    static final Batch ALL = new SharedBatch();

    static final class SharedBatch extends Batch {
        private long total;

        synchronized void note(int x) {   // expect: B5
            total += x;
        }
    }

    static int batched(int[] xs) {
        Batch b = new Batch();
        for (int x : xs) {
            b.add(x);
        }
        ((SharedBatch) ALL).note(xs.length);
        return b.size();
    }

    /** Published before the calls: once stored in a shared table, the buffer is anybody's. */
    static String published(int i) {
        StringBuffer sb = new StringBuffer();
        REGISTRY.add(sb);
        sb.append(i);   // expect: B5
        return sb.toString();
    }

    static final List<StringBuffer> REGISTRY = new ArrayList<>();

    public static void main(String[] args) {
        String[] words = {"a", "b", "c", "d", "e"};
        StringBuffer log = new StringBuffer();
        System.out.println(ForkJoinPool.commonPool().invoke(new HiddenLocks(log, words, 0, words.length))
                + local(new int[] {1, 2}) + published(3).length());
        ForkJoinPool.commonPool().invoke(new RecursiveTask<Integer>() {
            @Override
            protected Integer compute() {
                return local(new int[] {3}) + published(4).length() + batched(new int[] {5, 6});
            }
        });
    }
}
