package io.github.wscache.petshop.remote;

import java.util.Locale;
import org.apache.axis2.Constants;

/**
 * How long a service object lives at the origin: Axis2's service scopes, standing in for the
 * .NET Remoting hosting strategies of the paper (§5.2.1, Table 1).
 */
public enum ServiceScope {
    /** One service object for every request of every client: .NET's Singleton. */
    APPLICATION(Constants.SCOPE_APPLICATION),
    /** A new service object for each request: .NET's SingleCall. */
    REQUEST(Constants.SCOPE_REQUEST),
    /**
     * One service object per client session, tracked with WS-Addressing (the service group id
     * travels as a reference parameter): .NET's client-activated objects (CAO).
     */
    SOAPSESSION(Constants.SCOPE_SOAP_SESSION);

    private final String axis2Name;

    ServiceScope(String axis2Name) {
        this.axis2Name = axis2Name;
    }

    /** Axis2's name of the scope, e.g. {@code soapsession}. */
    public String axis2Name() {
        return axis2Name;
    }

    /** True when the client must keep a session for the scope to mean "per client". */
    public boolean needsSession() {
        return this == SOAPSESSION;
    }

    /** The .NET Remoting name used in the paper's Table 1. */
    public String remotingName() {
        return switch (this) {
            case APPLICATION -> "Singleton";
            case REQUEST -> "SingleCall";
            case SOAPSESSION -> "CAO";
        };
    }

    /**
     * Parses an Axis2 scope name: {@code application}, {@code request} or {@code soapsession}
     * (any case). Axis2's {@code transportsession} (an HTTP cookie) is not offered: with the
     * 2.0 HTTP client the cookie did not come back and every call got a new object.
     */
    public static ServiceScope parse(String s) {
        for (ServiceScope scope : values()) {
            if (scope.axis2Name.equalsIgnoreCase(s) || scope.name().equalsIgnoreCase(s)) {
                return scope;
            }
        }
        throw new IllegalArgumentException("scope must be one of application, request,"
                + " soapsession: " + s.toLowerCase(Locale.ROOT));
    }
}
