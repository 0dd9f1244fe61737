/**
 * Post-parse XML: {@link io.github.wscache.core.xml.XmlRecording} keeps the StAX event sequence
 * of a response payload in compact primitive arrays, so that a cache hit is served by replaying
 * events (as an {@link javax.xml.stream.XMLStreamReader}, SAX callbacks or into an
 * {@link javax.xml.stream.XMLStreamWriter}) without parsing XML again (Takase and Tatsubori).
 */
package io.github.wscache.core.xml;
