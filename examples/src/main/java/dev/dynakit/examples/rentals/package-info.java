/**
 * The car-rental example: a hierarchical table (state → city → rental) declared once in {@code
 * specs/cars.json}, provisioned from that declaration, loaded, and read and written through the
 * Adapter's access patterns — the program {@code dynakit demo} runs. Start at {@link
 * dev.dynakit.examples.rentals.RentalsExample}.
 */
@NullMarked
package dev.dynakit.examples.rentals;

import org.jspecify.annotations.NullMarked;
