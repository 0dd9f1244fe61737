/**
 * The one embedded Tomcat 11 bootstrap of wscache's test fixtures and samples: {@link
 * io.github.wscache.embedded.EmbeddedServer}, optionally with Axis2 2.0's {@code AxisServlet}
 * over a configuration built in code. Not part of the library; depends on no cache module.
 */
package io.github.wscache.embedded;
