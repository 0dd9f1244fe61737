/**
 * The portal's load drivers: {@link io.github.wscache.portal.load.PortalLoad} (the paper's
 * Figures 3 and 4) requests result pages with a controlled cache-hit ratio, closed loop, per
 * value representation, and writes CSV and PNG charts; {@link
 * io.github.wscache.portal.load.FarmLoad} runs the Farm experiment (portal JVMs with their own
 * caches or a shared Redis tier, a Zipf query mix, a cold node, Redis killed mid-run).
 */
package io.github.wscache.portal.load;
