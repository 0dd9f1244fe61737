package io.github.wscache.petshop;

import io.github.wscache.edge.EdgeServer;
import io.github.wscache.petshop.remote.ServiceScope;
import java.util.concurrent.CountDownLatch;

/**
 * Starts one deployment of the Pet Shop and prints its URLs; runs until interrupted (Ctrl-C).
 *
 * <pre>
 * java -jar samples/petshop/target/petshop-sample.jar --deployment F0 --wan-ms 200
 * java -jar samples/petshop/target/petshop-sample.jar --deployment Fdb --wan-ms 200 --port 8080
 * java -jar samples/petshop/target/petshop-sample.jar --deployment Fremoting --wan-ms 200
 * java -jar samples/petshop/target/petshop-sample.jar --deployment Fremoting --scope request
 * java -jar samples/petshop/target/petshop-sample.jar --deployment Fproxy --wan-ms 200
 * </pre>
 * Options: {@code --deployment F0|Fdb|Fremoting|Fproxy} (default F0), {@code --wan-ms N} round-trip
 * time of the emulated WAN (default 200), {@code --port N} the port clients use (default 8080,
 * 0 = any), {@code --origin-port N} the application behind the relay in F0 and Fproxy or the SOAP
 * services in Fremoting and {@code --db-port N} the H2 TCP server in Fdb (default any),
 * {@code --scope application|request|soapsession} the lifetime of the
 * Fremoting origin's service objects (default application), {@code --esi} container pages emit
 * ESI includes (always on in Fproxy, where the edge composes the pages),
 * {@code --catalog-scale N} N generated products per category on top of JPetStore's 16,
 * {@code --stock N} units per item.
 */
public final class PetShop {

    private PetShop() {
    }

    /** Command-line entry point. */
    public static void main(String[] args) throws Exception {
        Deployment.Options o = parse(args);
        // an Fproxy edge warms from the origin's list of popular pages (the others ignore it)
        Deployment d = Deployment.start(o, true);
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            d.close();
            stop.countDown();
        }, "petshop-shutdown"));
        System.out.println("Pet Shop " + o.kind().label() + " (WAN RTT " + o.wanRttMillis()
                + " ms" + (o.esi() ? ", ESI on" : "") + ")");
        System.out.println("  clients:     " + d.clientUrl()
                + (o.kind() == Deployment.Kind.F0 ? "  (through the WAN relay)" : "  (edge)"));
        System.out.println("  application: " + d.appUrl()
                + (o.kind() == Deployment.Kind.FPROXY ? "  (origin, behind the WAN relay at port "
                        + d.relay().port() + "; edge counters at http://127.0.0.1:"
                        + d.edge().adminPort() + EdgeServer.DEFAULT_ADMIN_PATH + ")" : ""));
        if (o.kind() == Deployment.Kind.FREMOTING) {
            System.out.println("  services:    " + d.originServices().endpoint("")
                    + "{PetShopCatalog,PetShopCart,PetShopAccount,PetShopOrders}  (scope "
                    + o.scope().axis2Name() + ", behind the WAN relay at port "
                    + d.relay().port() + ")");
        }
        System.out.println("  database:    " + d.jdbcUrl());
        System.out.println("  sign in as j2ee / petshop; Ctrl-C stops");
        stop.await();
    }

    static Deployment.Options parse(String[] args) {
        Deployment.Options o = Deployment.Options.of(Deployment.Kind.F0, 200);
        int clientPort = 8080;
        int originPort = 0;
        int dbPort = 0;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--deployment" -> o = o.withKind(Deployment.Kind.parse(value(args, ++i, a)));
                case "--wan-ms" -> o = o.withWanRtt(Long.parseLong(value(args, ++i, a)));
                case "--port" -> clientPort = Integer.parseInt(value(args, ++i, a));
                case "--origin-port" -> originPort = Integer.parseInt(value(args, ++i, a));
                case "--db-port" -> dbPort = Integer.parseInt(value(args, ++i, a));
                case "--scope" -> o = o.withScope(ServiceScope.parse(value(args, ++i, a)));
                case "--esi" -> o = o.withEsi(true);
                case "--catalog-scale" -> o = o.withExtraProducts(
                        Integer.parseInt(value(args, ++i, a)));
                case "--stock" -> o = o.withStock(Integer.parseInt(value(args, ++i, a)));
                default -> throw new IllegalArgumentException("unknown option: " + a
                        + " (options: --deployment F0|Fdb|Fremoting|Fproxy --wan-ms N --port N"
                        + " --origin-port N --db-port N"
                        + " --scope application|request|soapsession --esi"
                        + " --catalog-scale N --stock N)");
            }
        }
        o = o.withPorts(clientPort, originPort, dbPort);
        return o;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException("option needs a value: " + option);
        }
        return args[i];
    }
}
