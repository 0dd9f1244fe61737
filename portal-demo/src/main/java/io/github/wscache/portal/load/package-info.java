/**
 * The portal load driver (the paper's Figures 3 and 4): {@link
 * io.github.wscache.portal.load.PortalLoad} requests result pages with a controlled cache-hit
 * ratio, closed loop, per value representation, and writes CSV and PNG charts.
 */
package io.github.wscache.portal.load;
