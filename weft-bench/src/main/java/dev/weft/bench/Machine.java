package dev.weft.bench;

import java.time.LocalDate;

/** A one-line description of where the benchmark ran. */
final class Machine {
    private Machine() {
    }

    static String describe() {
        return Runtime.getRuntime().availableProcessors() + " processors, Java " + Runtime.version() + " ("
                + System.getProperty("java.vm.name") + "), " + System.getProperty("os.arch") + ", "
                + (Runtime.getRuntime().maxMemory() >> 20) + " MiB max heap, " + LocalDate.now();
    }
}
