package io.github.wscache.petshop.service;

import io.github.wscache.petshop.dao.AccountDao;
import io.github.wscache.petshop.db.Passwords;
import io.github.wscache.petshop.model.Account;
import java.util.Optional;

/**
 * {@link AccountService} over {@link AccountDao}: one DAO call per operation; hashing and
 * verifying passwords (PBKDF2) happens here, in the business tier, not in the database.
 */
public final class DefaultAccountService implements AccountService {

    /** Verified against when a user does not exist, so both cases cost the same time. */
    private static final String DUMMY_HASH = Passwords.hash("dummy".toCharArray());

    private final AccountDao accounts;

    /** A service over {@code accounts}. */
    public DefaultAccountService(AccountDao accounts) {
        this.accounts = accounts;
    }

    @Override
    public Optional<Account> authenticate(String username, char[] password) {
        Optional<AccountDao.Credentials> c = accounts.find(username);
        boolean ok = Passwords.verify(password, c.map(AccountDao.Credentials::passwordHash)
                .orElse(DUMMY_HASH));
        return ok && c.isPresent() ? Optional.of(c.get().account()) : Optional.empty();
    }

    @Override
    public Optional<Account> find(String username) {
        return accounts.find(username).map(AccountDao.Credentials::account);
    }

    @Override
    public boolean create(Account account, char[] password) {
        return accounts.insert(account, Passwords.hash(password));
    }

    @Override
    public void update(Account account, char[] newPassword) {
        String hash = newPassword == null || newPassword.length == 0 ? null
                : Passwords.hash(newPassword);
        accounts.update(account, hash);
    }
}
