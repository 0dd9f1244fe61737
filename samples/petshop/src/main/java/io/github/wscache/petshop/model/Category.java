package io.github.wscache.petshop.model;

/** A catalog category such as {@code FISH}. */
public record Category(String id, String name, String description) {
}
