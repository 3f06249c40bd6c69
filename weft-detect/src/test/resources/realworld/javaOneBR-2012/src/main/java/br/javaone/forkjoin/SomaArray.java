package br.javaone.forkjoin;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Demo 1 of the talk: summing an array, each half copied for its subtask. */
public class SomaArray extends RecursiveTask<Long> {
    private static final long serialVersionUID = 1L;

    private final int[] numeros;

    public SomaArray(int[] numeros) {
        this.numeros = numeros;
    }

    @Override
    protected Long compute() {
        if (numeros.length < 10_000) {
            long soma = 0;
            for (int n : numeros) {
                soma += n;
            }
            return soma;
        }
        int meio = numeros.length / 2;
        SomaArray esquerda = new SomaArray(Arrays.copyOf(numeros, meio));   // expect: B2
        SomaArray direita = new SomaArray(Arrays.copyOfRange(numeros, meio, numeros.length));   // expect: B2
        esquerda.fork();
        return direita.compute() + esquerda.join();
    }

    public static void main(String[] args) {
        int[] numeros = new int[5_000_000];
        Arrays.fill(numeros, 1);
        System.out.println(new ForkJoinPool().invoke(new SomaArray(numeros)));
    }
}
