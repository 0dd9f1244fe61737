package io.github.wscache.petshop.model;

/** A product (a kind of pet) in one category. */
public record Product(String id, String categoryId, String name, String description) {
}
