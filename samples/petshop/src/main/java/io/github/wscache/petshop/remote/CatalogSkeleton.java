package io.github.wscache.petshop.remote;

import io.github.wscache.petshop.dao.BannerDao;
import io.github.wscache.petshop.dao.CategoryDao;
import io.github.wscache.petshop.dao.ItemDao;
import io.github.wscache.petshop.dao.ProductDao;
import io.github.wscache.petshop.db.Database;
import io.github.wscache.petshop.remote.soap.CategoryType;
import io.github.wscache.petshop.remote.soap.GetBanner;
import io.github.wscache.petshop.remote.soap.GetBannerResponse;
import io.github.wscache.petshop.remote.soap.GetCategories;
import io.github.wscache.petshop.remote.soap.GetCategoriesResponse;
import io.github.wscache.petshop.remote.soap.GetCategory;
import io.github.wscache.petshop.remote.soap.GetCategoryResponse;
import io.github.wscache.petshop.remote.soap.GetItem;
import io.github.wscache.petshop.remote.soap.GetItemResponse;
import io.github.wscache.petshop.remote.soap.GetProduct;
import io.github.wscache.petshop.remote.soap.GetProductResponse;
import io.github.wscache.petshop.remote.soap.GetProductsInCategory;
import io.github.wscache.petshop.remote.soap.GetProductsInCategoryResponse;
import io.github.wscache.petshop.remote.soap.ItemType;
import io.github.wscache.petshop.remote.soap.PetShopCatalogSkeletonInterface;
import io.github.wscache.petshop.remote.soap.ProductType;
import io.github.wscache.petshop.remote.soap.SearchProducts;
import io.github.wscache.petshop.remote.soap.SearchProductsResponse;
import io.github.wscache.petshop.service.CatalogService;
import io.github.wscache.petshop.service.DefaultCatalogService;

/**
 * {@code PetShopCatalog} at the origin: adapts the ADB beans to {@link CatalogService}. Each
 * instance builds its own DAOs and service object, so a scope that creates more instances pays
 * for it.
 */
final class CatalogSkeleton extends Skeleton implements PetShopCatalogSkeletonInterface {

    private final CatalogService catalog;

    CatalogSkeleton(Database db, OriginCounters counters) {
        super(OriginServices.CATALOG, counters);
        this.catalog = new DefaultCatalogService(new CategoryDao(db), new ProductDao(db),
                new ItemDao(db), new BannerDao(db));
    }

    @Override
    public GetCategoriesResponse getCategories(GetCategories request) {
        called("getCategories");
        GetCategoriesResponse r = new GetCategoriesResponse();
        r.setCategory(SoapBeans.array(catalog.categories(), SoapBeans::category,
                CategoryType[]::new));
        return r;
    }

    @Override
    public GetCategoryResponse getCategory(GetCategory request) {
        called("getCategory");
        GetCategoryResponse r = new GetCategoryResponse();
        catalog.category(request.getCategoryId()).ifPresent(page -> {
            r.setCategory(SoapBeans.category(page.category()));
            r.setProduct(SoapBeans.array(page.products(), SoapBeans::product,
                    ProductType[]::new));
        });
        return r;
    }

    @Override
    public GetProductResponse getProduct(GetProduct request) {
        called("getProduct");
        GetProductResponse r = new GetProductResponse();
        catalog.product(request.getProductId()).ifPresent(page -> {
            r.setProduct(SoapBeans.product(page.product()));
            r.setCategoryName(page.categoryName());
            r.setItem(SoapBeans.array(page.items(), SoapBeans::item, ItemType[]::new));
        });
        return r;
    }

    @Override
    public GetItemResponse getItem(GetItem request) {
        called("getItem");
        GetItemResponse r = new GetItemResponse();
        catalog.item(request.getItemId()).ifPresent(i -> r.setItem(SoapBeans.item(i)));
        return r;
    }

    @Override
    public SearchProductsResponse searchProducts(SearchProducts request) {
        called("searchProducts");
        SearchProductsResponse r = new SearchProductsResponse();
        r.setProduct(SoapBeans.array(catalog.search(request.getKeywords()),
                SoapBeans::product, ProductType[]::new));
        return r;
    }

    @Override
    public GetProductsInCategoryResponse getProductsInCategory(GetProductsInCategory request) {
        called("getProductsInCategory");
        GetProductsInCategoryResponse r = new GetProductsInCategoryResponse();
        r.setProduct(SoapBeans.array(catalog.productsInCategory(request.getCategoryId()),
                SoapBeans::product, ProductType[]::new));
        return r;
    }

    @Override
    public GetBannerResponse getBanner(GetBanner request) {
        called("getBanner");
        GetBannerResponse r = new GetBannerResponse();
        catalog.banner(request.getCategoryId()).ifPresent(r::setBannerText);
        return r;
    }
}
