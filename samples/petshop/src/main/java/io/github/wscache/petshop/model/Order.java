package io.github.wscache.petshop.model;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.List;

/** A placed order with its lines; the card number is kept as its last four digits only. */
public record Order(int id, String username, LocalDateTime date, String shipToName,
        String address, String city, String state, String zip, String country, String cardType,
        String cardLast4, BigDecimal total, String status, List<LineItem> lines) {

    /** Defensive copy of the lines. */
    public Order {
        lines = List.copyOf(lines);
    }
}
