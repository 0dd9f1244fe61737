/**
 * The machinery behind {@link io.github.wscache.core.copy.CopierRegistry}: per-class copy plans,
 * the type rules that decide what is immutable or uncopyable, the serialization copiers and
 * {@link io.github.wscache.core.copy.internal.RetainedSize}. Not an API; may change any time.
 */
package io.github.wscache.core.copy.internal;
