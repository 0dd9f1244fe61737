/**
 * Placeholder for the portal-demo module; it is filled by a later issue and holds no code yet.
 */
package io.github.wscache.portal;
