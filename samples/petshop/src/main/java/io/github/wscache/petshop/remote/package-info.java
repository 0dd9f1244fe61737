/**
 * Fremoting (paper §5.2, partition point 3): the business services as four SOAP services of
 * {@code PetShop.wsdl} on Axis2 2.0 at the origin ({@link
 * io.github.wscache.petshop.remote.OriginServices}, with a {@link
 * io.github.wscache.petshop.remote.ServiceScope}) and the same four interfaces at the edge over
 * the generated ADB stubs, cached by cache-axis ({@link
 * io.github.wscache.petshop.remote.RemoteServices}). The generated code is in the {@code soap}
 * subpackage.
 */
package io.github.wscache.petshop.remote;
