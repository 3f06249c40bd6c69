package jsr166e;

/** Compile-time stand-in for jsr166e's LongAdder, backed by java.util.concurrent.atomic. */
public class LongAdder extends Number {
    private static final long serialVersionUID = 1L;
    private final java.util.concurrent.atomic.LongAdder adder = new java.util.concurrent.atomic.LongAdder();

    public void increment() {
        adder.increment();
    }

    public void add(long x) {
        adder.add(x);
    }

    public long sum() {
        return adder.sum();
    }

    @Override
    public long longValue() {
        return sum();
    }

    @Override
    public int intValue() {
        return (int) sum();
    }

    @Override
    public float floatValue() {
        return sum();
    }

    @Override
    public double doubleValue() {
        return sum();
    }
}
