package io.github.wscache.petshop.remote;

import java.util.function.Supplier;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.ServiceObjectSupplier;
import org.apache.axis2.description.AxisService;

/**
 * Hands Axis2 a new service object built by a factory stored on the service, instead of one
 * created from a {@code ServiceClass} name (the skeletons need the database). Axis2 asks once
 * per service context, so the service's scope decides how often: once (application), per
 * request, or per client session. Axis2 instantiates this class by name, hence public.
 */
public final class SkeletonSupplier implements ServiceObjectSupplier {

    private static final String FACTORY = "io.github.wscache.petshop.remote.skeletonFactory";

    /** Makes {@code service} build its service objects with {@code factory}. */
    static void install(AxisService service, Supplier<Object> factory) throws AxisFault {
        service.addParameter(FACTORY, factory);
        service.addParameter(Constants.SERVICE_OBJECT_SUPPLIER,
                SkeletonSupplier.class.getName());
    }

    @Override
    public Object getServiceObject(AxisService service) throws AxisFault {
        if (service.getParameterValue(FACTORY) instanceof Supplier<?> factory) {
            return factory.get();
        }
        throw new AxisFault("no skeleton factory on " + service.getName());
    }
}
