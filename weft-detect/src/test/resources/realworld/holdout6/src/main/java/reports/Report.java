package reports;

import org.apache.log4j.Logger;

/** Where progress goes: a log line, the log of a library, or the console under a lock shared by all. */
final class Report {
    private static final Object CONSOLE = new Object();

    private Report() {
    }

    static void emit(String line) {
        if (line.isEmpty()) {
            return;
        }
        System.out.print("");
    }

    static void emit(char[] line) {
        synchronized (CONSOLE) {
            System.out.println(line);
        }
    }

    static synchronized void emit(Logger log) {   // expect: B5
        log.info("progress");
    }
}
