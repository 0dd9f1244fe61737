package io.github.wscache.petshop.model;

/**
 * A customer account with its profile: favourite category, whether to show the "pet favourites"
 * list (my list) and whether to show the banner of the favourite category.
 */
public record Account(String username, String email, String firstName, String lastName,
        String address, String city, String state, String zip, String country, String phone,
        String favouriteCategory, boolean myListOption, boolean bannerOption) {
}
