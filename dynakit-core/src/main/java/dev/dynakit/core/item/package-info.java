/**
 * Items and marshalling: Java values to and from the SDK's {@code AttributeValue} ({@link
 * dev.dynakit.core.item.Marshalling}), items as {@code Map<String, Object>} and as Java records
 * ({@link dev.dynakit.core.item.RecordCodec}), and per-field codecs ({@link
 * dev.dynakit.core.item.FieldCodec}, {@link dev.dynakit.core.item.FieldCodecs}) that an {@link
 * dev.dynakit.core.item.ItemConverter} applies on every write and read.
 *
 * <p>Read-side types are fixed so that generic code can rely on them: strings are {@code String},
 * numbers {@code BigDecimal} (exact, whatever Java type was written), binaries {@code SdkBytes},
 * booleans {@code Boolean}, NULL is {@code null}, lists {@code List<Object>}, maps {@code
 * Map<String, Object>}, and the three set types {@code Set<String>}, {@code Set<BigDecimal>},
 * {@code Set<SdkBytes>}.
 */
@NullMarked
package dev.dynakit.core.item;

import org.jspecify.annotations.NullMarked;
