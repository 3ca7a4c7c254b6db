package dev.dynakit.core.adapter;

import dev.dynakit.core.item.FieldCodec;

/**
 * A declared field codec as a typed view's record codec sees it: values stay in their Java type,
 * because the Adapter encodes them on writes and has decoded them on reads; a value still in stored
 * form is read with the declared codec.
 */
final class PassThroughCodec<T> implements FieldCodec<T> {
  private final FieldCodec<T> declared;

  PassThroughCodec(FieldCodec<T> declared) {
    this.declared = declared;
  }

  @Override
  public Class<T> javaType() {
    return declared.javaType();
  }

  @Override
  public String spec() {
    return declared.spec();
  }

  @Override
  public Object toStored(T value) {
    return value;
  }

  @Override
  public T fromStored(Object stored) {
    Class<T> type = declared.javaType();
    return type.isInstance(stored) ? type.cast(stored) : declared.fromStored(stored);
  }
}
