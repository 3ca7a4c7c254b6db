/**
 * The Dynakit toolkit: declare a DynamoDB table's key and field design once and apply it on every
 * read and write. This root package holds the toolkit's error hierarchy, rooted at {@link
 * dev.dynakit.core.DynakitException}; the concerns live in sub-packages ({@code schema}, {@code
 * item}, {@code expr}, …).
 */
@NullMarked
package dev.dynakit.core;

import org.jspecify.annotations.NullMarked;
