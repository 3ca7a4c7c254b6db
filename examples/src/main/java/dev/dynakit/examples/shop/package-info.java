/**
 * The single-table example: a shop's customers, orders, order lines and votes in one table declared
 * in {@code specs/shop.json}, written through its entity views and read through every declared
 * access pattern, one request each — the program {@code dynakit demo shop} runs. Start at {@link
 * dev.dynakit.examples.shop.ShopExample}.
 */
@NullMarked
package dev.dynakit.examples.shop;

import org.jspecify.annotations.NullMarked;
