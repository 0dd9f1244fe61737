package io.github.wscache.petshop.db;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The Pet Shop schema and seed data, after JPetStore: 5 categories, 16 products, 28 items with
 * inventory, accounts with profiles (favourite category, my-list and banner options, PBKDF2
 * password hashes), banners per category, orders, line items and the order sequence.
 *
 * <p>A larger generated catalog can be added for load tests ({@code extraProductsPerCategory}):
 * each extra product gets two items.
 */
public final class Schema {

    /** Password of every seeded account ({@code j2ee}, {@code ACID}, {@code user1..N}). */
    public static final String SEED_PASSWORD = "petshop";

    /** The five categories. */
    public static final List<String> CATEGORIES = List.of("FISH", "DOGS", "REPTILES", "CATS",
            "BIRDS");

    private static final String[] DDL = {
        "CREATE TABLE category (catid VARCHAR(10) PRIMARY KEY, name VARCHAR(80) NOT NULL,"
            + " descn VARCHAR(255))",
        "CREATE TABLE product (productid VARCHAR(16) PRIMARY KEY, category VARCHAR(10) NOT NULL"
            + " REFERENCES category (catid), name VARCHAR(80) NOT NULL, descn VARCHAR(255))",
        "CREATE INDEX product_category ON product (category)",
        "CREATE TABLE item (itemid VARCHAR(16) PRIMARY KEY, productid VARCHAR(16) NOT NULL"
            + " REFERENCES product (productid), listprice DECIMAL(10, 2) NOT NULL,"
            + " unitcost DECIMAL(10, 2) NOT NULL, status VARCHAR(2) NOT NULL,"
            + " attr1 VARCHAR(80))",
        "CREATE INDEX item_product ON item (productid)",
        "CREATE TABLE inventory (itemid VARCHAR(16) PRIMARY KEY REFERENCES item (itemid),"
            + " qty INT NOT NULL CHECK (qty >= 0))",
        "CREATE TABLE signon (username VARCHAR(25) PRIMARY KEY, password VARCHAR(200) NOT NULL)",
        "CREATE TABLE account (userid VARCHAR(25) PRIMARY KEY REFERENCES signon (username),"
            + " email VARCHAR(80) NOT NULL, firstname VARCHAR(80) NOT NULL,"
            + " lastname VARCHAR(80) NOT NULL, addr VARCHAR(80), city VARCHAR(80),"
            + " state VARCHAR(80), zip VARCHAR(20), country VARCHAR(20), phone VARCHAR(80))",
        "CREATE TABLE profile (userid VARCHAR(25) PRIMARY KEY REFERENCES account (userid),"
            + " favcategory VARCHAR(10) REFERENCES category (catid),"
            + " mylistopt BOOLEAN NOT NULL, banneropt BOOLEAN NOT NULL)",
        "CREATE TABLE bannerdata (favcategory VARCHAR(10) PRIMARY KEY"
            + " REFERENCES category (catid), bannertext VARCHAR(255) NOT NULL)",
        "CREATE TABLE orders (orderid INT PRIMARY KEY, userid VARCHAR(25) NOT NULL"
            + " REFERENCES account (userid), orderdate TIMESTAMP NOT NULL,"
            + " shiptoname VARCHAR(160) NOT NULL, addr VARCHAR(80), city VARCHAR(80),"
            + " state VARCHAR(80), zip VARCHAR(20), country VARCHAR(20),"
            + " cardtype VARCHAR(40) NOT NULL, cardlast4 VARCHAR(4) NOT NULL,"
            + " totalprice DECIMAL(10, 2) NOT NULL, status VARCHAR(2) NOT NULL)",
        "CREATE INDEX orders_user ON orders (userid)",
        "CREATE TABLE lineitem (orderid INT NOT NULL REFERENCES orders (orderid),"
            + " linenum INT NOT NULL, itemid VARCHAR(16) NOT NULL REFERENCES item (itemid),"
            + " quantity INT NOT NULL, unitprice DECIMAL(10, 2) NOT NULL,"
            + " PRIMARY KEY (orderid, linenum))",
        "CREATE TABLE sequence (name VARCHAR(30) PRIMARY KEY, nextid INT NOT NULL)",
        "CREATE ALIAS place_order FOR"
            + " 'io.github.wscache.petshop.db.StoredProcedures.placeOrder'",
        "CREATE ALIAS create_account FOR"
            + " 'io.github.wscache.petshop.db.StoredProcedures.createAccount'",
        "CREATE ALIAS update_account FOR"
            + " 'io.github.wscache.petshop.db.StoredProcedures.updateAccount'",
    };

    private static final String[][] CATEGORY_ROWS = {
        {"FISH", "Fish", "Salt water and fresh water fish"},
        {"DOGS", "Dogs", "Friendly companions of every size"},
        {"REPTILES", "Reptiles", "Snakes and lizards"},
        {"CATS", "Cats", "Independent and affectionate"},
        {"BIRDS", "Birds", "Colourful and chatty"},
    };

    private static final String[][] PRODUCT_ROWS = {
        {"FI-SW-01", "FISH", "Angelfish", "Salt Water fish from Australia"},
        {"FI-SW-02", "FISH", "Tiger Shark", "Salt Water fish from Australia"},
        {"FI-FW-01", "FISH", "Koi", "Fresh Water fish from Japan"},
        {"FI-FW-02", "FISH", "Goldfish", "Fresh Water fish from China"},
        {"K9-BD-01", "DOGS", "Bulldog", "Friendly dog from England"},
        {"K9-PO-02", "DOGS", "Poodle", "Cute dog from France"},
        {"K9-DL-01", "DOGS", "Dalmation", "Great dog for a Fire Station"},
        {"K9-RT-01", "DOGS", "Golden Retriever", "Great family dog"},
        {"K9-RT-02", "DOGS", "Labrador Retriever", "Great hunting dog"},
        {"K9-CW-01", "DOGS", "Chihuahua", "Great companion dog"},
        {"RP-SN-01", "REPTILES", "Rattlesnake", "Doubles as a watch dog"},
        {"RP-LI-02", "REPTILES", "Iguana", "Friendly green friend"},
        {"FL-DSH-01", "CATS", "Manx", "Great for reducing mouse populations"},
        {"FL-DLH-02", "CATS", "Persian", "Friendly house cat, doubles as a princess"},
        {"AV-CB-01", "BIRDS", "Amazon Parrot", "Great companion for up to 75 years"},
        {"AV-SB-02", "BIRDS", "Finch", "Great stress reliever"},
    };

    private static final String[][] ITEM_ROWS = {
        {"EST-1", "FI-SW-01", "16.50", "10.00", "Large"},
        {"EST-2", "FI-SW-01", "16.50", "10.00", "Small"},
        {"EST-3", "FI-SW-02", "18.50", "12.00", "Toothless"},
        {"EST-4", "FI-FW-01", "18.50", "12.00", "Spotted"},
        {"EST-5", "FI-FW-01", "18.50", "12.00", "Spotless"},
        {"EST-6", "K9-BD-01", "18.50", "12.00", "Male Adult"},
        {"EST-7", "K9-BD-01", "18.50", "12.00", "Female Puppy"},
        {"EST-8", "K9-PO-02", "18.50", "12.00", "Male Puppy"},
        {"EST-9", "K9-DL-01", "18.50", "12.00", "Spotless Male Puppy"},
        {"EST-10", "K9-DL-01", "18.50", "12.00", "Spotted Adult Female"},
        {"EST-11", "RP-SN-01", "18.50", "12.00", "Venomless"},
        {"EST-12", "RP-SN-01", "18.50", "12.00", "Rattleless"},
        {"EST-13", "RP-LI-02", "18.50", "12.00", "Green Adult"},
        {"EST-14", "FL-DSH-01", "58.50", "12.00", "Tailless"},
        {"EST-15", "FL-DSH-01", "23.50", "12.00", "With tail"},
        {"EST-16", "FL-DLH-02", "93.50", "12.00", "Adult Female"},
        {"EST-17", "FL-DLH-02", "93.50", "12.00", "Adult Male"},
        {"EST-18", "AV-CB-01", "193.50", "92.00", "Adult Male"},
        {"EST-19", "AV-SB-02", "15.50", "2.00", "Adult Male"},
        {"EST-20", "FI-FW-02", "5.50", "2.00", "Adult Male"},
        {"EST-21", "FI-FW-02", "5.29", "1.00", "Adult Female"},
        {"EST-22", "K9-RT-02", "135.50", "100.00", "Adult Male"},
        {"EST-23", "K9-RT-02", "145.49", "100.00", "Adult Female"},
        {"EST-24", "K9-RT-02", "255.50", "92.00", "Adult Male"},
        {"EST-25", "K9-RT-02", "325.29", "90.00", "Adult Female"},
        {"EST-26", "K9-CW-01", "125.50", "92.00", "Adult Male"},
        {"EST-27", "K9-CW-01", "155.29", "90.00", "Adult Female"},
        {"EST-28", "K9-RT-01", "155.29", "90.00", "Adult Female"},
    };

    private static final String[][] BANNER_ROWS = {
        {"FISH", "Dive in: new salt water arrivals every week"},
        {"DOGS", "Dog days: a free leash with every puppy"},
        {"REPTILES", "Cold blooded, warm hearted: reptiles on sale"},
        {"CATS", "Purrfect company: meet our Persians"},
        {"BIRDS", "Sing along: parrots that talk back"},
    };

    private Schema() {
    }

    /**
     * Creates the tables and procedures and loads the seed data.
     *
     * @param stock units in stock per item
     * @param loadUsers number of extra accounts {@code user1..userN} for the load driver
     * @param extraProductsPerCategory generated products per category on top of JPetStore's
     */
    public static void create(Connection c, int stock, int loadUsers,
            int extraProductsPerCategory) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String ddl : DDL) {
                s.execute(ddl);
            }
        }
        batch(c, "INSERT INTO category VALUES (?, ?, ?)", List.of(CATEGORY_ROWS));
        batch(c, "INSERT INTO product VALUES (?, ?, ?, ?)", List.of(PRODUCT_ROWS));
        try (PreparedStatement item = c.prepareStatement(
                "INSERT INTO item VALUES (?, ?, ?, ?, 'P', ?)");
                PreparedStatement inv = c.prepareStatement("INSERT INTO inventory VALUES (?, ?)")) {
            for (String[] r : ITEM_ROWS) {
                addItem(item, inv, r[0], r[1], new BigDecimal(r[2]), new BigDecimal(r[3]), r[4],
                        stock);
            }
            if (extraProductsPerCategory > 0) {
                generateCatalog(c, item, inv, stock, extraProductsPerCategory);
            }
            item.executeBatch();
            inv.executeBatch();
        }
        batch(c, "INSERT INTO bannerdata VALUES (?, ?)", List.of(BANNER_ROWS));
        try (PreparedStatement seq = c.prepareStatement("INSERT INTO sequence VALUES (?, ?)")) {
            seq.setString(1, "ordernum");
            seq.setInt(2, 1000);
            seq.executeUpdate();
        }
        String[] j2ee = {"j2ee", "yourname@yourdomain.com", "ABC", "XYX",
            "901 San Antonio Road", "Palo Alto", "CA", "94303", "USA", "555-555-5555", "DOGS"};
        seedAccount(c, j2ee, Passwords.hash(SEED_PASSWORD.toCharArray()), true, true);
        String[] acid = {"ACID", "acid@yourdomain.com", "ABC", "XYX",
            "901 San Antonio Road", "Palo Alto", "CA", "94303", "USA", "555-555-5555", "CATS"};
        seedAccount(c, acid, Passwords.hash(SEED_PASSWORD.toCharArray()), true, true);
        // The load accounts share one password, so they share one salted hash: hashing each
        // (PBKDF2, 10 000 iterations) would make every start seconds slower. Accounts created
        // through the application each get their own salt.
        String shared = Passwords.hash(SEED_PASSWORD.toCharArray());
        for (int i = 1; i <= loadUsers; i++) {
            String fav = CATEGORIES.get(i % CATEGORIES.size());
            String[] user = {"user" + i, "user" + i + "@example.com", "User", "Number " + i,
                i + " Main Street", "Springfield", "IL", "62701", "USA", "555-0100", fav};
            seedAccount(c, user, shared, i % 2 == 0, i % 3 != 0);
        }
    }

    private static void generateCatalog(Connection c, PreparedStatement item,
            PreparedStatement inv, int stock, int perCategory) throws SQLException {
        try (PreparedStatement product = c.prepareStatement(
                "INSERT INTO product VALUES (?, ?, ?, ?)")) {
            int itemNo = ITEM_ROWS.length;
            for (String cat : CATEGORIES) {
                for (int p = 1; p <= perCategory; p++) {
                    String id = "GEN-" + cat.substring(0, 2) + "-" + p;
                    product.setString(1, id);
                    product.setString(2, cat);
                    product.setString(3, cat.charAt(0) + cat.substring(1).toLowerCase()
                            + " breed " + p);
                    product.setString(4, "Generated " + cat.toLowerCase() + " product " + p);
                    product.addBatch();
                    for (int k = 0; k < 2; k++) {
                        itemNo++;
                        addItem(item, inv, "EST-" + itemNo, id,
                                BigDecimal.valueOf(1000 + itemNo, 2), BigDecimal.TEN,
                                k == 0 ? "Adult" : "Young", stock);
                    }
                }
            }
            product.executeBatch();
        }
    }

    private static void addItem(PreparedStatement item, PreparedStatement inv, String id,
            String productId, BigDecimal price, BigDecimal cost, String attr, int stock)
            throws SQLException {
        item.setString(1, id);
        item.setString(2, productId);
        item.setBigDecimal(3, price);
        item.setBigDecimal(4, cost);
        item.setString(5, attr);
        item.addBatch();
        inv.setString(1, id);
        inv.setInt(2, stock);
        inv.addBatch();
    }

    private static void seedAccount(Connection c, String[] v, String hash, boolean myList,
            boolean banner) throws SQLException {
        StoredProcedures.insertAccount(c, v[0], hash, v[1], v[2], v[3], v[4], v[5], v[6], v[7],
                v[8], v[9], v[10], myList, banner);
    }

    private static void batch(Connection c, String sql, List<String[]> rows)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (String[] r : rows) {
                for (int i = 0; i < r.length; i++) {
                    ps.setString(i + 1, r[i]);
                }
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }
}
