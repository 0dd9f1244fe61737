package io.github.wscache.petshop.remote;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apache.axis2.AxisFault;
import org.apache.axis2.deployment.DeploymentEngine;
import org.apache.axis2.description.AxisModule;
import org.apache.axis2.engine.AxisConfiguration;

/**
 * Deploys and engages WS-Addressing, which the soapsession scope needs on both sides (the
 * server returns the service group id as a reference parameter of {@code wsa:ReplyTo}; a client
 * with {@code manageSession} sends it back as a header). {@code addressing-2.0.0.mar} is not on
 * the Maven mirror used here; the build copies {@code addressing-1.8.2.mar} next to this class
 * and it runs unchanged on the 2.0.0 kernel (its handlers use only kernel and Axiom API that
 * 2.0 kept).
 */
final class AddressingModule {

    static final String NAME = "addressing";

    private static Path archive;

    private AddressingModule() {
    }

    /** Deploys the module into {@code config} (once) and engages it for every service. */
    static synchronized void engage(AxisConfiguration config) throws AxisFault {
        AxisModule module = config.getModules().values().stream()
                .filter(m -> NAME.equals(m.getName())).findFirst().orElse(null);
        if (module == null) {
            module = DeploymentEngine.buildModule(archive().toFile(), config);
            DeploymentEngine.addNewModule(module, config);
        }
        config.engageModule(module);
    }

    private static Path archive() throws AxisFault {
        if (archive == null) {
            try (InputStream in = AddressingModule.class.getResourceAsStream("addressing.mar")) {
                if (in == null) {
                    throw new AxisFault("addressing.mar is not on the class path next to "
                            + AddressingModule.class.getName());
                }
                // Axis2 takes the module's name and version from the file name
                Path dir = Files.createTempDirectory("petshop-addressing-");
                Path file = dir.resolve("addressing-1.8.2.mar");
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                file.toFile().deleteOnExit();
                dir.toFile().deleteOnExit();
                archive = file;
            } catch (IOException e) {
                throw AxisFault.makeFault(e);
            }
        }
        return archive;
    }
}
