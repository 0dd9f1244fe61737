package io.github.wscache.axis.internal;

import io.github.wscache.core.ResponseCache;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.concurrent.Callable;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.dynamic.loading.MultipleParentClassLoader;
import net.bytebuddy.dynamic.scaffold.subclass.ConstructorStrategy;
import net.bytebuddy.implementation.FieldAccessor;
import net.bytebuddy.implementation.MethodDelegation;
import net.bytebuddy.implementation.bind.annotation.AllArguments;
import net.bytebuddy.implementation.bind.annotation.Origin;
import net.bytebuddy.implementation.bind.annotation.RuntimeType;
import net.bytebuddy.implementation.bind.annotation.SuperCall;
import net.bytebuddy.implementation.bind.annotation.This;
import net.bytebuddy.matcher.ElementMatchers;
import org.apache.axis2.AxisFault;
import org.apache.axis2.client.Stub;
import org.apache.axis2.context.ConfigurationContext;

/**
 * Caching subclasses of generated stubs that implement no interface (the default, packed ADB
 * stubs). ByteBuddy generates one subclass per stub class, once ({@link ClassValue}): every
 * public operation method (see {@link StubCalls#isOperation}) delegates to
 * {@link #intercept}, which runs the call through the object-level cache and calls the stub's
 * own method ({@code @SuperCall}) on a miss. The subclass implements {@link CacheHolder}; its
 * field holds the cache of each instance. Generated classes are defined in a class loader that
 * sees both the stub and cache-axis.
 */
public final class StubInterceptor {
    private static final String FIELD = "wscache$cache";

    /** Implemented by generated stub subclasses. */
    public interface CacheHolder {
        /** Returns the cache of this stub. */
        ResponseCache getWscacheCache();

        /** Sets the cache of this stub. */
        void setWscacheCache(ResponseCache cache);
    }

    private static final ClassValue<Class<?>> SUBCLASSES = new ClassValue<>() {
        @Override
        protected Class<?> computeValue(Class<?> stub) {
            ClassLoader parent = new MultipleParentClassLoader.Builder(false)
                    .append(stub, StubInterceptor.class, ByteBuddy.class).build();
            return new ByteBuddy()
                    .subclass(stub, ConstructorStrategy.Default.IMITATE_SUPER_CLASS_PUBLIC)
                    .name(stub.getName() + "$WsCache")
                    .defineField(FIELD, ResponseCache.class, Visibility.PRIVATE)
                    .implement(CacheHolder.class)
                    .intercept(FieldAccessor.ofField(FIELD))
                    .method(ElementMatchers.isPublic()
                            .and(ElementMatchers.isDeclaredBy(stub))
                            .and(ElementMatchers.not(ElementMatchers.isStatic()))
                            .and(ElementMatchers.not(ElementMatchers.returns(void.class)))
                            .and(ElementMatchers.not(ElementMatchers.takesArguments(0))))
                    .intercept(MethodDelegation.to(StubInterceptor.class))
                    .make()
                    .load(parent, ClassLoadingStrategy.Default.WRAPPER)
                    .getLoaded();
        }
    };

    private StubInterceptor() {
    }

    /** Creates a caching instance of {@code stubClass} with its (context, endpoint) constructor. */
    public static <S extends Stub> S create(Class<S> stubClass, ResponseCache cache,
            ConfigurationContext context, String endpoint) throws AxisFault {
        Class<?> sub;
        try {
            sub = SUBCLASSES.get(stubClass);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new IllegalArgumentException("cannot subclass " + stubClass.getName()
                    + " (a final class or no public constructor?): " + e.getMessage(), e);
        }
        try {
            Constructor<?> c = sub.getConstructor(ConfigurationContext.class, String.class);
            S stub = stubClass.cast(c.newInstance(context, endpoint));
            ((CacheHolder) stub).setWscacheCache(cache);
            return stub;
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(stubClass.getName() + " has no public constructor "
                    + "(ConfigurationContext, String); is it a generated Axis2 stub?", e);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw AxisFault.makeFault(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create a caching " + stubClass.getName(), e);
        }
    }

    /** The body of every intercepted stub method. */
    @RuntimeType
    public static Object intercept(@This Object self, @Origin Method method,
            @AllArguments Object[] args, @SuperCall Callable<Object> zuper) throws Exception {
        ResponseCache cache = ((CacheHolder) self).getWscacheCache();
        if (cache == null) {
            return zuper.call();
        }
        return StubCalls.call(cache, ((Stub) self)._getServiceClient(), method, args,
                zuper::call);
    }
}
