package dev.weft.actors;

import java.util.ResourceBundle;
import java.util.function.Supplier;

/**
 * An actor's logger ({@link ActorContext#log()}): a {@link System.Logger} named after the actor's behaviour
 * class (for a lambda, the class that wrote it) whose messages start with the actor's path, so that records
 * say which actor wrote them whatever the logging backend (System.Logger has no per-record context).
 */
final class ActorLogger implements System.Logger {
    private final System.Logger delegate;
    private final String prefix;
    /** The prefix quoted for java.text.MessageFormat, which formats messages with parameters. */
    private final String formatPrefix;

    ActorLogger(String path, Class<?> behaviourClass) {
        this.delegate = System.getLogger(loggerName(behaviourClass));
        this.prefix = "[" + path + "] ";
        this.formatPrefix = prefix.replace("'", "''").replace("{", "'{'");
    }

    /** The class name, without the suffix of a lambda's or an anonymous class's hidden name. */
    static String loggerName(Class<?> c) {
        String n = c.getName();
        int lambda = n.indexOf("$$Lambda");
        if (lambda > 0) {
            n = n.substring(0, lambda);
        }
        int slash = n.indexOf('/'); // hidden classes: Name/0x...
        return slash > 0 ? n.substring(0, slash) : n;
    }

    @Override
    public String getName() {
        return delegate.getName();
    }

    @Override
    public boolean isLoggable(Level level) {
        return delegate.isLoggable(level);
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
        delegate.log(level, bundle, prefix + msg, thrown);
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
        delegate.log(level, bundle, (params == null || params.length == 0 ? prefix : formatPrefix) + format, params);
    }

    @Override
    public void log(Level level, Supplier<String> msgSupplier) {
        delegate.log(level, () -> prefix + msgSupplier.get());
    }

    @Override
    public void log(Level level, Supplier<String> msgSupplier, Throwable thrown) {
        delegate.log(level, () -> prefix + msgSupplier.get(), thrown);
    }
}
