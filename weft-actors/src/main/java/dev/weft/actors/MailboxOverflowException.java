package dev.weft.actors;

/**
 * Thrown by {@link ActorRef#tell} to a full bounded mailbox whose overflow policy is {@link Overflow#FAIL}:
 * the message was not sent.
 */
public class MailboxOverflowException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    MailboxOverflowException(String message) {
        super(message);
    }
}
