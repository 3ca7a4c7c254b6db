package dev.dynakit.core.item;

import dev.dynakit.core.MarshallingException;
import java.util.function.Function;

/** A codec made of two functions; the functions' failures become {@link MarshallingException}s. */
final class SimpleCodec<T> implements FieldCodec<T> {
  private final String spec;
  private final Class<T> javaType;
  private final Function<T, Object> write;
  private final Function<Object, T> read;

  SimpleCodec(String spec, Class<T> javaType, Function<T, Object> write, Function<Object, T> read) {
    this.spec = spec;
    this.javaType = javaType;
    this.write = write;
    this.read = read;
  }

  @Override
  public Class<T> javaType() {
    return javaType;
  }

  @Override
  public String spec() {
    return spec;
  }

  @Override
  public Object toStored(T value) {
    if (!javaType.isInstance(value)) {
      throw new MarshallingException(
          null,
          "codec "
              + spec
              + " writes "
              + javaType.getSimpleName()
              + " values, not "
              + value.getClass().getName());
    }
    try {
      return write.apply(value);
    } catch (MarshallingException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new MarshallingException(null, "codec " + spec + " cannot write " + value, e);
    }
  }

  @Override
  public T fromStored(Object stored) {
    try {
      return read.apply(stored);
    } catch (MarshallingException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new MarshallingException(
          null,
          "codec " + spec + " cannot read " + describe(stored) + " as " + javaType.getSimpleName(),
          e);
    }
  }

  @Override
  public String toString() {
    return "FieldCodec[" + spec + "]";
  }

  static String describe(Object value) {
    String text = String.valueOf(value);
    if (text.length() > 60) {
      text = text.substring(0, 57) + "...";
    }
    return value.getClass().getSimpleName() + " '" + text + "'";
  }
}
