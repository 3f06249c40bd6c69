package dev.weft.scoop;

/**
 * Thrown to a client that was interrupted while it waited: in a query (for the handler to reach it), in a
 * wait condition, or, in the lock-based mode, to reserve a handler. It is the unchecked form of
 * {@link InterruptedException} (the cause), for the block forms whose bodies are plain lambdas; the thread's
 * interrupt status is set again, so the next interruptible call sees it too. The timed forms
 * ({@link Scoop#separate(Separate, java.util.function.Predicate, java.util.function.Consumer, java.time.Duration)}
 * and the others with a timeout) throw {@code InterruptedException} itself.
 *
 * <p>The block the client was in ends as if its body had thrown: every call it logged before still runs, in
 * order, and the handler is released; a wait condition's body does not run.
 *
 * <pre>{@code
 * Thread consumer = new Thread(() -> {
 *     try {
 *         for (;;) {
 *             use(Scoop.separateGet(buffer, b -> b.test(Buffer::nonEmpty), b -> b.queryInt(Buffer::take)));
 *         }
 *     } catch (WaitInterruptedException stop) {
 *         // asked to stop while the buffer was empty; nothing was taken
 *     }
 * });
 * consumer.start();
 * ...
 * consumer.interrupt();
 * }</pre>
 */
public class WaitInterruptedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception; its cause is a fresh {@link InterruptedException} with the same message. */
    public WaitInterruptedException(String message) {
        super(message, new InterruptedException(message));
    }
}
