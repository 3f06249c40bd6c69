package dev.weft.bench;

import dev.weft.bench.actors.Bank;
import dev.weft.bench.actors.Big;
import dev.weft.bench.actors.ChameneosMall;
import dev.weft.bench.actors.Counting;
import dev.weft.bench.actors.ForkJoinCreation;
import dev.weft.bench.actors.ForkJoinThroughput;
import dev.weft.bench.actors.MaxThroughput;
import dev.weft.bench.actors.MediatorProgram;
import dev.weft.bench.actors.MiddleManProgram;
import dev.weft.bench.actors.MultiProducer;
import dev.weft.bench.actors.PingThroughput;
import dev.weft.bench.actors.SinglePing;
import dev.weft.bench.actors.SingleProducer;
import dev.weft.bench.actors.Sieve;
import dev.weft.bench.actors.ThreadRingProgram;
import dev.weft.bench.actors.Trapezoid;
import dev.weft.bench.peers.Peers;
import dev.weft.bench.programs.BarnesHut;
import dev.weft.bench.programs.CilkSort;
import dev.weft.bench.programs.FFT;
import dev.weft.bench.programs.Fib;
import dev.weft.bench.programs.FibTask;
import dev.weft.bench.programs.Integrate;
import dev.weft.bench.programs.Jacobi;
import dev.weft.bench.programs.JacobiBarrier;
import dev.weft.bench.programs.LUD;
import dev.weft.bench.programs.LeaIntegrate;
import dev.weft.bench.programs.Matmul;
import dev.weft.bench.programs.NQueens;
import dev.weft.bench.programs.UTS;
import dev.weft.bench.scoop.Chain;
import dev.weft.bench.scoop.Chameneos;
import dev.weft.bench.scoop.Condition;
import dev.weft.bench.scoop.Counter;
import dev.weft.bench.scoop.Mutex;
import dev.weft.bench.scoop.Outer;
import dev.weft.bench.scoop.ProdCons;
import dev.weft.bench.scoop.Product;
import dev.weft.bench.scoop.Randmat;
import dev.weft.bench.scoop.ThreadRing;
import dev.weft.bench.scoop.Thresh;
import dev.weft.bench.scoop.Winnow;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The registry of benchmark programs, in report order, grouped by suite. */
final class Programs {
    private Programs() {
    }

    static List<Program> all() {
        // The fork/join suite: Kumar's ten in the thesis' order, then Lea's variants, then the Task port of
        // RecursiveTask code. Other suites follow.
        List<Program> all = new ArrayList<>(List.of(new Fib(), new Integrate(), new Jacobi(), new NQueens(), new Matmul(),
                new FFT(), new CilkSort(), new BarnesHut(), new UTS(), new LUD(), new JacobiBarrier(), new LeaIntegrate(),
                new FibTask(),
                // The actors suite: Pinto et al.'s Table IV, in its order.
                new MaxThroughput(),
                new SinglePing(),
                new PingThroughput(),
                new SingleProducer(),
                new MultiProducer(),
                new MiddleManProgram(),
                new MediatorProgram(),
                // Then Savina's programs (Imam and Sarkar 2014), from their published descriptions.
                new Counting(),
                new ForkJoinThroughput(),
                new ForkJoinCreation(),
                new ThreadRingProgram(),
                new ChameneosMall(),
                new Big(),
                new Bank(),
                new Sieve(),
                new Trapezoid(),
                // The atomic-sets suite.
                new dev.weft.bench.atomic.LuSearch(),
                new dev.weft.bench.atomic.Ledger(),
                // The SCOOP suite (West, Nanz, Meyer 2015): the Cowichan parallel set, then the concurrent set.
                new Randmat(),
                new Thresh(),
                new Winnow(),
                new Outer(),
                new Product(),
                new Chain(),
                new Counter(),
                new Mutex(),
                new ProdCons(),
                new Condition(),
                new ThreadRing(),
                new Chameneos(),
                // The cluster suite: global computations on Weft cluster members, against a static split.
                new dev.weft.bench.cluster.ClusterUts(),
                new dev.weft.bench.cluster.ClusterNQueens(),
                new dev.weft.bench.cluster.ClusterIntegrate(),
                new dev.weft.bench.cluster.ClusterFib(),
                // The streams suite: stream pipelines as a loop, serial and JDK parallel streams, and Weft's Par.
                new dev.weft.bench.streams.SumOfSquares(),
                new dev.weft.bench.streams.MapFilterCollect(),
                new dev.weft.bench.streams.WordFrequency(),
                new dev.weft.bench.streams.FlatMapOrders(),
                new dev.weft.bench.streams.AnyMatchEarly(),
                new dev.weft.bench.streams.SortLongs()));
        // The peers suite: the same kernels on other languages' schedulers (./weft bench --peers).
        all.addAll(Peers.programs());
        return List.copyOf(all);
    }

    /** The suites, in report order. */
    static List<String> suites() {
        return all().stream().map(Program::suite).distinct().toList();
    }

    /**
     * The programs named (in the suites named, if any; else the first of that name in report order; {@code
     * suite/name} names one suite's program, as {@code peers/fib}), else the programs of the suites named
     * ({@code all}: every suite), else the fork/join suite; an unknown name is an error that lists the known
     * ones.
     */
    static List<Program> select(List<String> names, List<String> suites) {
        if (!names.isEmpty()) {
            List<Program> among = suites.isEmpty() || suites.contains("all") ? all()
                    : all().stream().filter(p -> suites.contains(p.suite())).toList();
            List<Program> out = new ArrayList<>();
            for (String n : names) {
                int slash = n.indexOf('/');
                String suite = slash < 0 ? null : n.substring(0, slash);
                String name = slash < 0 ? n : n.substring(slash + 1);
                Program p = among.stream().filter(x -> x.name().equalsIgnoreCase(name)
                                && (suite == null || x.suite().equalsIgnoreCase(suite))).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("unknown program '" + n + "'"
                                + (among.size() < all().size() ? " in suites " + suites : "") + "; known: "
                                + among.stream().map(Program::name).distinct().toList()));
                out.add(p);
            }
            return out;
        }
        List<String> wanted = suites.isEmpty() ? List.of(Program.FORK_JOIN_SUITE) : suites;
        if (wanted.contains("all")) {
            return all();
        }
        for (String s : wanted) {
            if (!suites().contains(s)) {
                throw new IllegalArgumentException("unknown suite '" + s + "'; known: " + suites() + " or all");
            }
        }
        return all().stream().filter(p -> wanted.contains(p.suite())).toList();
    }

    /**
     * Checks that every runtime named is one of the selected programs' engines.
     *
     * @throws IllegalArgumentException naming the unknown runtime and the known ones
     */
    static void checkRuntimes(List<String> runtimes, List<Program> programs) {
        Set<String> known = new LinkedHashSet<>();
        for (Program p : programs) {
            for (Engine e : p.engines()) {
                known.add(e.name());
            }
        }
        for (String r : runtimes) {
            if (!known.contains(r)) {
                throw new IllegalArgumentException("unknown runtime '" + r + "'; the selected programs run on " + known);
            }
        }
    }
}
