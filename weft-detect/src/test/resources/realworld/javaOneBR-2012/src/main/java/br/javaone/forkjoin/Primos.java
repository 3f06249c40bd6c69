package br.javaone.forkjoin;

import java.util.List;
import java.util.concurrent.RecursiveTask;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/** Demo 2 of the talk: the primes of an interval, the two halves' lists concatenated at each join. */
public class Primos extends RecursiveTask<List<Integer>> {
    private static final long serialVersionUID = 1L;

    private final int de;
    private final int ate;

    public Primos(int de, int ate) {
        this.de = de;
        this.ate = ate;
    }

    @Override
    protected List<Integer> compute() {
        if (ate - de <= 1000) {
            return IntStream.range(de, ate).filter(Primos::primo).boxed().collect(Collectors.toList());
        }
        int meio = (de + ate) >>> 1;
        Primos a = new Primos(de, meio);
        Primos b = new Primos(meio, ate);
        invokeAll(a, b);
        return Stream.concat(a.join().stream(), b.join().stream()).collect(Collectors.toList());   // expect: B3
    }

    static boolean primo(int n) {
        if (n < 2) {
            return false;
        }
        for (int d = 2; (long) d * d <= n; d++) {
            if (n % d == 0) {
                return false;
            }
        }
        return true;
    }
}
