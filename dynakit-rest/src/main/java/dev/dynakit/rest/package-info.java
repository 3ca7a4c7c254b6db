/**
 * A REST layer over one declared table, independent of any HTTP framework.
 *
 * <p>A binding (such as {@link dev.dynakit.rest.netty.RestServer}) turns an HTTP exchange into a
 * {@link dev.dynakit.rest.RestRequest}, hands it to a {@link dev.dynakit.rest.RestHandler} and
 * writes the {@link dev.dynakit.rest.RestResponse} back. {@link dev.dynakit.rest.RestQuery} reads
 * the query string of the wire contract (fields, sort, offset/limit, the filter grammar {@code
 * ?<op>-<field>=<value>}, search, flags, names) within the limits of a {@link
 * dev.dynakit.rest.RestPolicy}; {@link dev.dynakit.rest.PatchBody} reads patch bodies; {@link
 * dev.dynakit.rest.Envelope} builds list envelopes with pagination links. Every refused request is
 * a {@link dev.dynakit.rest.RestException} with a status in 400–499 and a JSON body naming the
 * problem; {@link dev.dynakit.rest.ErrorMapping} maps the toolkit's and DynamoDB's errors the same
 * way.
 *
 * <p>{@link dev.dynakit.rest.TableRoutes} is the standard route pack for one table on an {@link
 * dev.dynakit.core.adapter.Adapter}, wire-compatible with the reference toolkit's handler under
 * {@link dev.dynakit.rest.RestPolicy#defaults()}; keys in paths follow {@link
 * dev.dynakit.rest.PathKeys}.
 */
@NullMarked
package dev.dynakit.rest;

import org.jspecify.annotations.NullMarked;
