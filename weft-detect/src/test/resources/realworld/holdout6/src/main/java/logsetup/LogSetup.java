package logsetup;

import java.util.Hashtable;
import java.util.Properties;
import org.apache.log4j.Logger;
import org.apache.log4j.PropertyConfigurator;

/**
 * Configures logging on first use, from whichever worker logs first (shaped like a cluster node's logger
 * back end): the properties are built here and handed to the library once filled. The loggers are kept in one
 * table for the whole process.
 */
final class LogSetup {
    static final Hashtable<String, Logger> LOGGERS = new Hashtable<>();
    private static volatile boolean configured;

    private LogSetup() {
    }

    static Logger logger(String name) {
        if (!configured) {
            configure("INFO");
        }
        Logger l = LOGGERS.get(name);   // expect: B5
        if (l == null) {
            l = Logger.getLogger(name);
            LOGGERS.put(name, l);
        }
        return l;
    }

    private static void configure(String level) {
        Properties p = new Properties();
        appenders(p, level);
        p.setProperty("log4j.logger.org.apache.http", "WARN");
        PropertyConfigurator.configure(p);
        configured = true;
    }

    private static void appenders(Properties p, String level) {
        p.setProperty("log4j.rootLogger", level + ", console");
        p.setProperty("log4j.appender.console", "org.apache.log4j.ConsoleAppender");
        p.setProperty("log4j.appender.console.layout", "org.apache.log4j.PatternLayout");
    }
}
