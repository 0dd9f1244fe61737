package io.github.wscache.petshop.remote;

import io.github.wscache.petshop.dao.AccountDao;
import io.github.wscache.petshop.db.Database;
import io.github.wscache.petshop.remote.soap.Authenticate;
import io.github.wscache.petshop.remote.soap.AuthenticateResponse;
import io.github.wscache.petshop.remote.soap.CreateAccount;
import io.github.wscache.petshop.remote.soap.CreateAccountResponse;
import io.github.wscache.petshop.remote.soap.FindAccount;
import io.github.wscache.petshop.remote.soap.FindAccountResponse;
import io.github.wscache.petshop.remote.soap.PetShopAccountSkeletonInterface;
import io.github.wscache.petshop.remote.soap.UpdateAccount;
import io.github.wscache.petshop.remote.soap.UpdateAccountResponse;
import io.github.wscache.petshop.service.AccountService;
import io.github.wscache.petshop.service.DefaultAccountService;

/** {@code PetShopAccount} at the origin over {@link AccountService}. */
final class AccountSkeleton extends Skeleton implements PetShopAccountSkeletonInterface {

    private final AccountService accounts;

    AccountSkeleton(Database db, OriginCounters counters) {
        super(OriginServices.ACCOUNT, counters);
        this.accounts = new DefaultAccountService(new AccountDao(db));
    }

    @Override
    public AuthenticateResponse authenticate(Authenticate request) {
        called("authenticate");
        AuthenticateResponse r = new AuthenticateResponse();
        accounts.authenticate(request.getUsername(), request.getPassword().toCharArray())
                .ifPresent(a -> r.setAccount(SoapBeans.account(a)));
        return r;
    }

    @Override
    public FindAccountResponse findAccount(FindAccount request) {
        called("findAccount");
        FindAccountResponse r = new FindAccountResponse();
        accounts.find(request.getUsername()).ifPresent(a -> r.setAccount(SoapBeans.account(a)));
        return r;
    }

    @Override
    public CreateAccountResponse createAccount(CreateAccount request) {
        called("createAccount");
        CreateAccountResponse r = new CreateAccountResponse();
        r.setCreated(accounts.create(SoapBeans.account(request.getAccount()),
                request.getPassword().toCharArray()));
        return r;
    }

    @Override
    public UpdateAccountResponse updateAccount(UpdateAccount request) {
        called("updateAccount");
        String password = request.getNewPassword();
        accounts.update(SoapBeans.account(request.getAccount()),
                password == null ? null : password.toCharArray());
        return new UpdateAccountResponse();
    }
}
