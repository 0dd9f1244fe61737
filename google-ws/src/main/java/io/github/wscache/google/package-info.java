/**
 * The Axis2 test fixture: the 2002 Google Web APIs as a document/literal service.
 *
 * <ul>
 *   <li>{@link io.github.wscache.google.GoogleServer} serves it on loopback and counts requests;
 *   </li>
 *   <li>{@link io.github.wscache.google.GoogleFixtures} builds request and response beans of the
 *       packed stub without a server;</li>
 *   <li>generated from {@code GoogleSearch.wsdl} at build time: the packed ADB stub
 *       ({@code io.github.wscache.google.stub.GoogleSearchServiceStub}), the unpacked stub with its
 *       interface and beans ({@code io.github.wscache.google.unpacked}) and the server skeleton
 *       ({@code io.github.wscache.google.server}).</li>
 * </ul>
 */
package io.github.wscache.google;
