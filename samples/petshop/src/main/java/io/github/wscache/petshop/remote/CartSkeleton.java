package io.github.wscache.petshop.remote;

import io.github.wscache.petshop.dao.ItemDao;
import io.github.wscache.petshop.db.Database;
import io.github.wscache.petshop.model.Cart;
import io.github.wscache.petshop.remote.soap.AddToCart;
import io.github.wscache.petshop.remote.soap.AddToCartResponse;
import io.github.wscache.petshop.remote.soap.CartLineType;
import io.github.wscache.petshop.remote.soap.PetShopCartSkeletonInterface;
import io.github.wscache.petshop.remote.soap.RemoveFromCart;
import io.github.wscache.petshop.remote.soap.RemoveFromCartResponse;
import io.github.wscache.petshop.remote.soap.UpdateCart;
import io.github.wscache.petshop.remote.soap.UpdateCartResponse;
import io.github.wscache.petshop.service.CartService;
import io.github.wscache.petshop.service.DefaultCartService;

/**
 * {@code PetShopCart} at the origin: the cart comes by value (its lines), {@link CartService}
 * works on a copy, and the new lines go back. Holds no cart between calls.
 */
final class CartSkeleton extends Skeleton implements PetShopCartSkeletonInterface {

    private final CartService carts;

    CartSkeleton(Database db, OriginCounters counters) {
        super(OriginServices.CART, counters);
        this.carts = new DefaultCartService(new ItemDao(db));
    }

    private static Cart cart(CartLineType[] lines) {
        Cart cart = new Cart();
        cart.replaceWith(SoapBeans.cartLines(lines));
        return cart;
    }

    @Override
    public AddToCartResponse addToCart(AddToCart request) {
        called("addToCart");
        Cart cart = cart(request.getLine());
        AddToCartResponse r = new AddToCartResponse();
        r.setAdded(carts.add(cart, request.getItemId()));
        r.setLine(SoapBeans.cartLines(cart.lines()));
        return r;
    }

    @Override
    public UpdateCartResponse updateCart(UpdateCart request) {
        called("updateCart");
        Cart cart = cart(request.getLine());
        carts.update(cart, SoapBeans.quantities(request.getQuantity()));
        UpdateCartResponse r = new UpdateCartResponse();
        r.setLine(SoapBeans.cartLines(cart.lines()));
        return r;
    }

    @Override
    public RemoveFromCartResponse removeFromCart(RemoveFromCart request) {
        called("removeFromCart");
        Cart cart = cart(request.getLine());
        carts.remove(cart, request.getItemId());
        RemoveFromCartResponse r = new RemoveFromCartResponse();
        r.setLine(SoapBeans.cartLines(cart.lines()));
        return r;
    }
}
