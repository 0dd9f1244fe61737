package io.github.wscache.core.internal;

import java.lang.invoke.MethodHandles;

/**
 * The private lookups of cache-core's reflection on application classes: copy plans, key parts,
 * retained sizes. On the module path cache-core is a named module, which reads only the modules
 * it requires, and a private lookup also needs the caller's module to read the class's (the
 * class path's unnamed module, an application's module): the read is added first, as the class
 * path and an automatic module have it. Whether the class's package is open to cache-core still
 * decides, as before. On the class path cache-core is unnamed and reads every module already.
 */
public final class PrivateAccess {
    private static final Module SELF = PrivateAccess.class.getModule();

    private PrivateAccess() {
    }

    /**
     * Returns {@code MethodHandles.privateLookupIn(type, ...)} for cache-core, after making
     * cache-core read {@code type}'s module.
     *
     * @throws IllegalAccessException if {@code type}'s package is not open to cache-core
     */
    public static MethodHandles.Lookup lookupIn(Class<?> type) throws IllegalAccessException {
        SELF.addReads(type.getModule());
        return MethodHandles.privateLookupIn(type, MethodHandles.lookup());
    }
}
