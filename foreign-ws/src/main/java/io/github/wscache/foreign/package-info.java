/**
 * The foreign-ws test fixture: SOAP services whose WSDLs wscache did not design, so cache-axis
 * can be tested against the shapes real services have.
 *
 * <ul>
 *   <li>{@link io.github.wscache.foreign.ForeignServer} serves every
 *       {@link io.github.wscache.foreign.ForeignService} on loopback, counts and records requests,
 *       and optionally requires Basic auth and sets session cookies;</li>
 *   <li>generated at build time: the packed ADB stubs
 *       {@code io.github.wscache.foreign.catalog.stub.CatalogServiceStub},
 *       {@code io.github.wscache.foreign.quotes.stub.StockQuoteServiceStub} and
 *       {@code io.github.wscache.foreign.customers.stub.CustomerServiceStub}, and the server
 *       skeletons in {@code ...catalog.server}, {@code ...quotes.server},
 *       {@code ...customers.server}.</li>
 * </ul>
 */
package io.github.wscache.foreign;
