package dev.weft.scoop;

/**
 * Thrown to a client when an asynchronous call it logged in a separate block threw on the handler. The
 * original exception is the {@linkplain #getCause() cause}. It is thrown by the client's next query on that
 * handler in the block, or when the block ends; a failure the handler reaches only after the client has
 * left the block goes to the runtime's failure handler instead (see {@link Scoop}), so none is lost and
 * none is reported twice.
 *
 * <pre>{@code
 * try {
 *     Scoop.separate(account, a -> {
 *         a.call(x -> x.withdraw(1_000_000));    // throws on the handler: insufficient funds
 *         a.queryLong(Account::balance);          // the failure surfaces here
 *     });
 * } catch (CallFailedException e) {
 *     Throwable original = e.getCause();
 * }
 * }</pre>
 */
public class CallFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Handler handler;

    /** Creates the exception for a call on {@code handler} that threw {@code cause}. */
    public CallFailedException(Handler handler, Throwable cause) {
        super("a call on " + handler + " failed: " + describe(cause), cause);
        this.handler = handler;
    }

    /** The handler on which the call failed. */
    public Handler handler() {
        return handler;
    }

    /** {@code String.valueOf(t)}, or its class name if its own {@code toString()} throws. */
    private static String describe(Throwable t) {
        try {
            return String.valueOf(t);
        } catch (Throwable broken) {
            return t.getClass().getName();
        }
    }
}
