package io.github.wscache.petshop.remote;

/** A call to a remote business service failed (transport error or an unexpected SOAP fault). */
public final class RemoteServiceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** A failure of {@code operation}. */
    public RemoteServiceException(String operation, Throwable cause) {
        super(operation + " failed: " + cause.getMessage(), cause);
    }
}
