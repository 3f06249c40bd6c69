package dev.weft.bench;

import dev.weft.bench.programs.BarnesHut;
import dev.weft.bench.programs.CilkSort;
import dev.weft.bench.programs.FFT;
import dev.weft.bench.programs.Fib;
import dev.weft.bench.programs.Integrate;
import dev.weft.bench.programs.Jacobi;
import dev.weft.bench.programs.JacobiBarrier;
import dev.weft.bench.programs.LUD;
import dev.weft.bench.programs.LeaIntegrate;
import dev.weft.bench.programs.Matmul;
import dev.weft.bench.programs.NQueens;
import dev.weft.bench.programs.UTS;
import java.util.ArrayList;
import java.util.List;

/** The registry of benchmark programs, in report order. */
final class Programs {
    private Programs() {
    }

    static List<Program> all() {
        // Kumar's ten in the thesis' order, then Lea's variants.
        return List.of(new Fib(), new Integrate(), new Jacobi(), new NQueens(), new Matmul(), new FFT(), new CilkSort(),
                new BarnesHut(), new UTS(), new LUD(), new JacobiBarrier(), new LeaIntegrate());
    }

    /** The programs named (all if none), or an error naming the unknown one. */
    static List<Program> select(List<String> names) {
        if (names.isEmpty()) {
            return all();
        }
        List<Program> out = new ArrayList<>();
        for (String n : names) {
            Program p = all().stream().filter(x -> x.name().equalsIgnoreCase(n)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown program '" + n + "'; known: "
                            + all().stream().map(Program::name).toList()));
            out.add(p);
        }
        return out;
    }
}
