package dev.weft.cluster;

/**
 * A cluster could not be joined, or a run could not finish: members that cannot reach each other, a
 * run past its timeout, work lost with two members at once. The message names the members involved.
 */
public class ClusterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ClusterException(String message) {
        super(message);
    }

    public ClusterException(String message, Throwable cause) {
        super(message, cause);
    }
}
