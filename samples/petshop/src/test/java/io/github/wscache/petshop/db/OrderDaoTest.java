package io.github.wscache.petshop.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.petshop.dao.ItemDao;
import io.github.wscache.petshop.dao.OrderDao;
import io.github.wscache.petshop.dao.OrderDao.OutOfStockException;
import io.github.wscache.petshop.model.Order;
import io.github.wscache.petshop.model.OrderRequest;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The place_order stored procedure: priced by the database, all or nothing. */
class OrderDaoTest {

    private OriginDatabase origin;
    private Database db;

    @BeforeEach
    void open() throws Exception {
        origin = OriginDatabase.create(3, 1, 0);
        db = Database.connect(origin.embeddedUrl(), "sa", "", 4);
    }

    @AfterEach
    void close() {
        db.close();
        origin.close();
    }

    private static OrderRequest request(Map<String, Integer> quantities) {
        return new OrderRequest("user1", "Buyer", "1 Road", "Town", "ST", "1", "NL", "Visa",
                "4111111111111111", "12/29", quantities);
    }

    @Test
    void place_pricesFromTheDatabase_andNumbersFromTheSequence() throws Exception {
        OrderDao orders = new OrderDao(db);
        Map<String, Integer> q = new LinkedHashMap<>();
        q.put("EST-18", 2);
        q.put("EST-1", 1);
        int id = orders.place(request(q), "1111");
        assertThat(id).isEqualTo(1001);
        Order o = orders.find("user1", id).orElseThrow();
        assertThat(o.total()).isEqualByComparingTo(new BigDecimal("403.50"));
        assertThat(o.lines()).extracting(l -> l.itemId()).containsExactly("EST-1", "EST-18");
        assertThat(new ItemDao(db).quantity("EST-18")).isEqualTo(1);
        assertThat(orders.place(request(Map.of("EST-2", 1)), "1111")).isEqualTo(1002);
    }

    @Test
    void place_outOfStockOnOneLine_changesNothing() {
        OrderDao orders = new OrderDao(db);
        Map<String, Integer> q = new LinkedHashMap<>();
        q.put("EST-1", 1);
        q.put("EST-2", 4);
        assertThatThrownBy(() -> orders.place(request(q), "1111"))
                .isInstanceOf(OutOfStockException.class).hasMessage("out of stock: EST-2");
        ItemDao items = new ItemDao(db);
        assertThat(items.quantity("EST-1")).as("first line rolled back").isEqualTo(3);
        assertThat(items.quantity("EST-2")).isEqualTo(3);
        assertThat(orders.findByUser("user1")).isEmpty();
    }
}
