/**
 * The portal demo (Takase and Tatsubori, section 5.2): a portal web application that calls the
 * dummy Google SOAP back-end through wscache. {@link io.github.wscache.portal.PortalDemo} starts
 * back-end and portal; {@link io.github.wscache.portal.Portal} is the portal itself.
 */
package io.github.wscache.portal;
