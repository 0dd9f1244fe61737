/**
 * Test helpers shared by the samples' tests (portal-demo, petshop-sample): {@link
 * io.github.wscache.testing.HeadlessChromium}. Test scope only.
 */
package io.github.wscache.testing;
