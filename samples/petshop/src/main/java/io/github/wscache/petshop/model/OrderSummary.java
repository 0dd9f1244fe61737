package io.github.wscache.petshop.model;

import java.math.BigDecimal;
import java.time.LocalDateTime;

/** One row of a customer's order list. */
public record OrderSummary(int id, LocalDateTime date, BigDecimal total, String status) {
}
