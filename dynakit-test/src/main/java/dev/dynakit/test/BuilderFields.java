package dev.dynakit.test;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;

/**
 * Sets a list or map member of an SDK response builder without the copy its setter makes, for
 * values built here and never changed afterwards: a Query page's 100 items were copied twice (the
 * setter, then the SDK's own {@code toBuilder()} once the interceptors are done), a quarter of an
 * in-process Query; the second copy still gives the caller the SDK's own unmodifiable maps.
 *
 * <p>Reaches the builder's private field of the member (the SDK generates one per member, named
 * after it) through a {@link VarHandle}. Whatever does not go as expected — no such field, no
 * access to it, a built response that does not hold the value set — turns the shortcut off for that
 * member, and the setter takes over: {@link #check} after every build.
 */
final class BuilderFields {
  /** Why a member has no shortcut: its handle is this sentinel. */
  private static final Object NONE = new Object();

  // builder classes and their members are few and live as long as the class loader
  private static final Map<SdkField<?>, Object> HANDLES = new ConcurrentHashMap<>();

  private BuilderFields() {}

  /**
   * Sets {@code value} (a list or a map nobody changes from now on) as the member {@code field} of
   * {@code builder} without copying it, as an unmodifiable view, and returns that view; null when
   * the member has no shortcut, and the caller then uses the setter.
   */
  static @Nullable Object set(SdkPojo builder, SdkField<?> field, Object value) {
    Object handle = HANDLES.computeIfAbsent(field, f -> find(builder.getClass(), f));
    if (handle == NONE) {
      return null;
    }
    Object view =
        value instanceof List
            ? Collections.unmodifiableList((List<?>) value)
            : value instanceof Map ? Collections.unmodifiableMap((Map<?, ?>) value) : null;
    if (view == null || !((VarHandle) handle).varType().isInstance(view)) {
      return null;
    }
    ((VarHandle) handle).set(builder, view);
    return view;
  }

  /**
   * Whether {@code built} holds the very view {@link #set} gave its builder for {@code field}; if
   * not, the shortcut is off for that member from now on, and the caller must build again with the
   * setter.
   */
  static boolean check(SdkPojo built, SdkField<?> field, Object view) {
    if (field.getValueOrDefault(built) == view) {
      return true;
    }
    HANDLES.put(field, NONE);
    return false;
  }

  /** Whether {@code field} is set without a copy (as far as known: until first tried, true). */
  static boolean shortcut(SdkField<?> field) {
    return HANDLES.get(field) != NONE;
  }

  private static Object find(Class<?> builderClass, SdkField<?> field) {
    for (Class<?> c = builderClass; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (!Modifier.isStatic(f.getModifiers())
            && f.getName().equalsIgnoreCase(field.memberName())
            && (List.class == f.getType() || Map.class == f.getType())) {
          try {
            return MethodHandles.privateLookupIn(c, MethodHandles.lookup()).unreflectVarHandle(f);
          } catch (IllegalAccessException | RuntimeException e) {
            return NONE;
          }
        }
      }
    }
    return NONE;
  }
}
