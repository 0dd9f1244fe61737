package io.github.wscache.axis.internal;

/** A WSDL file that cannot be read: missing, not well-formed, not WSDL, or inconsistent. */
public final class WsdlException extends Exception {
    private static final long serialVersionUID = 1L;

    WsdlException(String message) {
        super(message);
    }

    WsdlException(String message, Throwable cause) {
        super(message, cause);
    }
}
