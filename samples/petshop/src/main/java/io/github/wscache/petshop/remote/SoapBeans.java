package io.github.wscache.petshop.remote;

import io.github.wscache.petshop.model.Account;
import io.github.wscache.petshop.model.CartLine;
import io.github.wscache.petshop.model.Category;
import io.github.wscache.petshop.model.Item;
import io.github.wscache.petshop.model.LineItem;
import io.github.wscache.petshop.model.Order;
import io.github.wscache.petshop.model.OrderRequest;
import io.github.wscache.petshop.model.OrderSummary;
import io.github.wscache.petshop.model.Product;
import io.github.wscache.petshop.remote.soap.AccountType;
import io.github.wscache.petshop.remote.soap.CartLineType;
import io.github.wscache.petshop.remote.soap.CategoryType;
import io.github.wscache.petshop.remote.soap.ItemQuantityType;
import io.github.wscache.petshop.remote.soap.ItemType;
import io.github.wscache.petshop.remote.soap.LineItemType;
import io.github.wscache.petshop.remote.soap.OrderRequestType;
import io.github.wscache.petshop.remote.soap.OrderSummaryType;
import io.github.wscache.petshop.remote.soap.OrderType;
import io.github.wscache.petshop.remote.soap.ProductType;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Converts the model's records to the generated ADB beans of {@code PetShop.wsdl} and back, on
 * both sides of the WAN. Dates travel as ISO-8601 local date-times; ADB hands an absent
 * repeated element over as {@code null}, which becomes an empty list here.
 */
final class SoapBeans {

    private SoapBeans() {
    }

    static <M, B> B[] array(List<M> models, Function<M, B> convert, IntFunction<B[]> newArray) {
        return models.stream().map(convert).toArray(newArray);
    }

    static <B, M> List<M> list(B[] beans, Function<B, M> convert) {
        return beans == null ? List.of() : Arrays.stream(beans).map(convert).toList();
    }

    static CategoryType category(Category c) {
        CategoryType b = new CategoryType();
        b.setId(c.id());
        b.setName(c.name());
        b.setDescription(c.description());
        return b;
    }

    static Category category(CategoryType b) {
        return new Category(b.getId(), b.getName(), b.getDescription());
    }

    static ProductType product(Product p) {
        ProductType b = new ProductType();
        b.setId(p.id());
        b.setCategoryId(p.categoryId());
        b.setName(p.name());
        b.setDescription(p.description());
        return b;
    }

    static Product product(ProductType b) {
        return new Product(b.getId(), b.getCategoryId(), b.getName(), b.getDescription());
    }

    static ItemType item(Item i) {
        ItemType b = new ItemType();
        b.setId(i.id());
        b.setProductId(i.productId());
        b.setProductName(i.productName());
        b.setCategoryId(i.categoryId());
        b.setListPrice(i.listPrice());
        b.setAttribute(i.attribute());
        b.setQuantity(i.quantity());
        return b;
    }

    static Item item(ItemType b) {
        return new Item(b.getId(), b.getProductId(), b.getProductName(), b.getCategoryId(),
                b.getListPrice(), b.getAttribute(), b.getQuantity());
    }

    static CartLineType cartLine(CartLine l) {
        CartLineType b = new CartLineType();
        b.setItem(item(l.item()));
        b.setQuantity(l.quantity());
        return b;
    }

    static CartLine cartLine(CartLineType b) {
        return new CartLine(item(b.getItem()), b.getQuantity());
    }

    static CartLineType[] cartLines(List<CartLine> lines) {
        return array(lines, SoapBeans::cartLine, CartLineType[]::new);
    }

    static List<CartLine> cartLines(CartLineType[] lines) {
        return list(lines, SoapBeans::cartLine);
    }

    static ItemQuantityType[] quantities(Map<String, Integer> quantities) {
        List<ItemQuantityType> out = new ArrayList<>();
        quantities.forEach((id, q) -> {
            ItemQuantityType b = new ItemQuantityType();
            b.setItemId(id);
            b.setQuantity(q);
            out.add(b);
        });
        return out.toArray(ItemQuantityType[]::new);
    }

    static Map<String, Integer> quantities(ItemQuantityType[] beans) {
        Map<String, Integer> out = new LinkedHashMap<>();
        if (beans != null) {
            for (ItemQuantityType b : beans) {
                out.put(b.getItemId(), b.getQuantity());
            }
        }
        return out;
    }

    static AccountType account(Account a) {
        AccountType b = new AccountType();
        b.setUsername(a.username());
        b.setEmail(a.email());
        b.setFirstName(a.firstName());
        b.setLastName(a.lastName());
        b.setAddress(a.address());
        b.setCity(a.city());
        b.setState(a.state());
        b.setZip(a.zip());
        b.setCountry(a.country());
        b.setPhone(a.phone());
        b.setFavouriteCategory(a.favouriteCategory());
        b.setMyListOption(a.myListOption());
        b.setBannerOption(a.bannerOption());
        return b;
    }

    static Account account(AccountType b) {
        return new Account(b.getUsername(), b.getEmail(), b.getFirstName(), b.getLastName(),
                b.getAddress(), b.getCity(), b.getState(), b.getZip(), b.getCountry(),
                b.getPhone(), b.getFavouriteCategory(), b.getMyListOption(),
                b.getBannerOption());
    }

    static OrderRequestType orderRequest(OrderRequest r) {
        OrderRequestType b = new OrderRequestType();
        b.setUsername(r.username());
        b.setShipToName(r.shipToName());
        b.setAddress(r.address());
        b.setCity(r.city());
        b.setState(r.state());
        b.setZip(r.zip());
        b.setCountry(r.country());
        b.setCardType(r.cardType());
        b.setCardNumber(r.cardNumber());
        b.setExpiry(r.expiry());
        b.setLine(quantities(r.quantities()));
        return b;
    }

    static OrderRequest orderRequest(OrderRequestType b) {
        return new OrderRequest(b.getUsername(), b.getShipToName(), b.getAddress(), b.getCity(),
                b.getState(), b.getZip(), b.getCountry(), b.getCardType(), b.getCardNumber(),
                b.getExpiry(), quantities(b.getLine()));
    }

    static LineItemType lineItem(LineItem l) {
        LineItemType b = new LineItemType();
        b.setLineNumber(l.lineNumber());
        b.setItemId(l.itemId());
        b.setProductName(l.productName());
        b.setAttribute(l.attribute());
        b.setQuantity(l.quantity());
        b.setUnitPrice(l.unitPrice());
        return b;
    }

    static LineItem lineItem(LineItemType b) {
        return new LineItem(b.getLineNumber(), b.getItemId(), b.getProductName(),
                b.getAttribute(), b.getQuantity(), b.getUnitPrice());
    }

    static OrderType order(Order o) {
        OrderType b = new OrderType();
        b.setId(o.id());
        b.setUsername(o.username());
        b.setDate(o.date().toString());
        b.setShipToName(o.shipToName());
        b.setAddress(o.address());
        b.setCity(o.city());
        b.setState(o.state());
        b.setZip(o.zip());
        b.setCountry(o.country());
        b.setCardType(o.cardType());
        b.setCardLast4(o.cardLast4());
        b.setTotal(o.total());
        b.setStatus(o.status());
        b.setLine(array(o.lines(), SoapBeans::lineItem, LineItemType[]::new));
        return b;
    }

    static Order order(OrderType b) {
        return new Order(b.getId(), b.getUsername(), LocalDateTime.parse(b.getDate()),
                b.getShipToName(), b.getAddress(), b.getCity(), b.getState(), b.getZip(),
                b.getCountry(), b.getCardType(), b.getCardLast4(), b.getTotal(), b.getStatus(),
                list(b.getLine(), SoapBeans::lineItem));
    }

    static OrderSummaryType orderSummary(OrderSummary s) {
        OrderSummaryType b = new OrderSummaryType();
        b.setId(s.id());
        b.setDate(s.date().toString());
        b.setTotal(s.total());
        b.setStatus(s.status());
        return b;
    }

    static OrderSummary orderSummary(OrderSummaryType b) {
        return new OrderSummary(b.getId(), LocalDateTime.parse(b.getDate()), b.getTotal(),
                b.getStatus());
    }
}
