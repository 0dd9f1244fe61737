/**
 * The presentation tier: the servlet that serves pages, forms and fragment URLs, the fragment
 * (output) cache, a tiny escaping HTML template, and the embedded Tomcat that runs it all.
 */
package io.github.wscache.petshop.web;
