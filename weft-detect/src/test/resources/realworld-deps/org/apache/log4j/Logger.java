package org.apache.log4j;

/** Compile-time stand-in for log4j 1.x's logger: a library type the analysed sources do not declare. */
public class Logger {
    public static Logger getLogger(String name) {
        return new Logger();
    }

    public void info(Object message) {
    }
}
