/**
 * The Adapter: a table declaration ({@link dev.dynakit.core.schema.TableSpec}) applied on every
 * read and write through the AWS SDK's {@code DynamoDbClient}. {@link
 * dev.dynakit.core.adapter.Adapter} is a thin composition root; each DynamoDB call is made by a
 * small operation object of this package. Behaviour is customised with {@link
 * dev.dynakit.core.adapter.Hooks} (several may be chained; {@link
 * dev.dynakit.core.adapter.CannedHooks} has ready-made ones), observed with a {@link
 * dev.dynakit.core.adapter.RequestListener}, and paged with offsets or with tamper-evident cursors
 * ({@link dev.dynakit.core.token.TokenCodec}).
 *
 * <p>Items are {@code Map<String, Object>} of Java values (see {@code dev.dynakit.core.item} for
 * the types read back), or records through a typed view ({@link
 * dev.dynakit.core.adapter.TypedAdapter}); keys are maps of key-field values. {@link
 * dev.dynakit.core.adapter.ETags} gives items strong ETags. Errors are the unchecked {@link
 * dev.dynakit.core.DynakitException} subtypes of {@code dev.dynakit.core}; SDK exceptions pass
 * through unless the toolkit can say more, and then they are the cause.
 */
@NullMarked
package dev.dynakit.core.adapter;

import org.jspecify.annotations.NullMarked;
