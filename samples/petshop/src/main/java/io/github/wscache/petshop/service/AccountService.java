package io.github.wscache.petshop.service;

import io.github.wscache.petshop.model.Account;
import java.util.Optional;

/** Authentication and account maintenance. */
public interface AccountService {

    /** The account when {@code password} is right, else empty. */
    Optional<Account> authenticate(String username, char[] password);

    /** The account of {@code username}. */
    Optional<Account> find(String username);

    /** Creates an account; false when the user name is taken. */
    boolean create(Account account, char[] password);

    /** Updates an account, and the password when {@code newPassword} is not null or empty. */
    void update(Account account, char[] newPassword);
}
