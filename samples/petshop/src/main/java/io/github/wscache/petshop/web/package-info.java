/**
 * The presentation tier: the servlet that routes pages, forms and fragment URLs to one class per
 * page group (catalog, cart, orders, accounts, ESI fragment URLs) over shared page plumbing, the
 * fragment (output) cache, a tiny escaping HTML template, and the embedded Tomcat that runs it
 * all.
 */
package io.github.wscache.petshop.web;
