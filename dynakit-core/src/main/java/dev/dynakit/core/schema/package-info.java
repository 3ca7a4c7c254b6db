/**
 * The declaration of a table: {@link dev.dynakit.core.schema.TableSpec}, built with a builder or
 * read from a JSON file that uses the JavaScript toolkit's option names. Key fields and the
 * structural key, indices (GSI with single- or multi-attribute keys, LSI), technical fields under
 * one technical prefix, filterable and searchable fields, per-field codecs and provisioning knobs.
 * Every rule is checked once, at build time, and all problems are reported together in a {@link
 * dev.dynakit.core.DeclarationException}.
 */
@NullMarked
package dev.dynakit.core.schema;

import org.jspecify.annotations.NullMarked;
