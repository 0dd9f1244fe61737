/**
 * The Pet Shop sample: a reproduction of the application studied by Yuan, Chen and Zhang,
 * "Evaluation of Edge Caching/Offloading for Dynamic Content Delivery" (WWW 2003). Start a
 * deployment (F0, Fdb or Fremoting, see {@link io.github.wscache.petshop.Deployment}) with
 * {@link io.github.wscache.petshop.PetShop}; drive load with
 * {@code io.github.wscache.petshop.load.PetShopLoad}.
 */
package io.github.wscache.petshop;
