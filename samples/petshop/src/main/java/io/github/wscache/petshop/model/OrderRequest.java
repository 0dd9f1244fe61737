package io.github.wscache.petshop.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the presentation tier sends to place an order: who, where to ship, how to pay and the
 * quantity per item id. Prices are not part of the request: the database prices the order.
 */
public record OrderRequest(String username, String shipToName, String address, String city,
        String state, String zip, String country, String cardType, String cardNumber,
        String expiry, Map<String, Integer> quantities) {

    /** Defensive, order-preserving copy of the quantities. */
    public OrderRequest {
        quantities = Collections.unmodifiableMap(new LinkedHashMap<>(quantities));
    }
}
