package io.github.wscache.embedded;

import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.ServiceObjectSupplier;
import org.apache.axis2.description.AxisService;

/**
 * Hands Axis2 one existing object as the implementation of a service deployed in code, instead
 * of an instance created from the {@code ServiceClass} parameter. Axis2 instantiates this
 * supplier by name (hence public with a public constructor) and asks it for the service object.
 *
 * <pre>{@code
 * AxisService service = AxisService.createService(Impl.class.getName(), axisConfiguration);
 * SharedServiceObject.install(service, new Impl(counters));
 * }</pre>
 */
public final class SharedServiceObject implements ServiceObjectSupplier {

    private static final String PARAMETER = "io.github.wscache.embedded.serviceObject";

    /** Makes {@code service} use {@code object} for every request, in application scope. */
    public static void install(AxisService service, Object object) throws AxisFault {
        service.addParameter(PARAMETER, object);
        service.addParameter(Constants.SERVICE_OBJECT_SUPPLIER,
                SharedServiceObject.class.getName());
        service.setScope(Constants.SCOPE_APPLICATION);
    }

    @Override
    public Object getServiceObject(AxisService service) throws AxisFault {
        Object object = service.getParameterValue(PARAMETER);
        if (object == null) {
            throw new AxisFault("no service object installed on " + service.getName());
        }
        return object;
    }
}
