package io.github.wscache.petshop.load;

/** The request classes of the paper (§7.1.1). */
public enum RequestClass {
    /** Cacheable response. */
    A,
    /** Uncacheable response that may need the database. */
    B,
    /** Uncacheable response that needs no database. */
    C
}
