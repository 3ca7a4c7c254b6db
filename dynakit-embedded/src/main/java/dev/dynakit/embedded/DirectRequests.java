package dev.dynakit.embedded;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpRequest;

/**
 * Lets a request reach the in-process engine without JSON: the request's tree ({@link
 * RequestTrees}) is held in {@link PendingRequests} for the transport (under a ticket named by a
 * header, or for the caller's thread), and the SDK marshals an empty request of the same operation
 * in its place (so its own steps — endpoint, headers, retries, metrics — run as usual, on a body of
 * two bytes).
 *
 * <p>Only for a client without interceptors of the caller's: interceptors that run after this one
 * would see the empty request instead of the caller's. Requests without an exact tree go as JSON.
 *
 * <p>Why: the SDK's JSON marshaller and the engine's parser cost more than the engine's own work
 * for a batch of 25 puts; in the same JVM that round trip carries nothing.
 */
final class DirectRequests implements ExecutionInterceptor {
  /** The header that carries a request's ticket to the transport. */
  static final String TICKET_HEADER = "x-dynakit-direct-request";

  private static final ExecutionAttribute<String> TICKET =
      new ExecutionAttribute<>("DynakitDirectRequest");
  private static final ClassValue<@Nullable MethodHandle> BUILDERS =
      new ClassValue<>() {
        @Override
        protected @Nullable MethodHandle computeValue(Class<?> type) {
          return builderOf(type);
        }
      };

  private final PendingRequests pending;
  private final boolean onCallerThread;

  private DirectRequests(PendingRequests pending, boolean onCallerThread) {
    this.pending = pending;
    this.onCallerThread = onCallerThread;
  }

  /** For an asynchronous client: each call's tree goes under a ticket, named in a header. */
  static DirectRequests withTickets(PendingRequests pending) {
    return new DirectRequests(pending, false);
  }

  /**
   * For a synchronous client, whose calls run on their caller's thread: each call's tree is held
   * for that thread (see {@link PendingRequests}).
   */
  static DirectRequests onCallerThread(PendingRequests pending) {
    return new DirectRequests(pending, true);
  }

  @Override
  public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
    SdkRequest request = context.request();
    SdkRequest empty = empty(request);
    Map<String, Object> tree = empty == null ? null : RequestTrees.of((SdkPojo) request);
    if (onCallerThread) {
      pending.holdOnThisThread(tree);
    } else if (tree != null) {
      attributes.putAttribute(TICKET, pending.hold(tree));
    }
    return tree == null ? request : empty;
  }

  @Override
  public SdkHttpRequest modifyHttpRequest(
      Context.ModifyHttpRequest context, ExecutionAttributes attributes) {
    String ticket = attributes.getAttribute(TICKET);
    SdkHttpRequest http = context.httpRequest();
    return ticket == null ? http : http.toBuilder().putHeader(TICKET_HEADER, ticket).build();
  }

  @Override
  public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
    release(attributes);
  }

  @Override
  public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
    release(attributes);
  }

  private void release(ExecutionAttributes attributes) {
    if (onCallerThread) {
      pending.holdOnThisThread(null);
    } else {
      Optional.ofNullable(attributes.getAttribute(TICKET)).ifPresent(pending::release);
    }
  }

  /**
   * A request of the same operation with nothing set but the caller's per-request settings, or null
   * for a request class without a public static {@code builder()}.
   */
  private static @Nullable SdkRequest empty(SdkRequest request) {
    MethodHandle builder = BUILDERS.get(request.getClass());
    if (builder == null || !(request instanceof SdkPojo)) {
      return null;
    }
    try {
      SdkRequest.Builder empty = (SdkRequest.Builder) builder.invoke();
      if (request instanceof AwsRequest && empty instanceof AwsRequest.Builder) {
        AwsRequestOverrideConfiguration settings =
            ((AwsRequest) request).overrideConfiguration().orElse(null);
        ((AwsRequest.Builder) empty).overrideConfiguration(settings);
      }
      return empty.build();
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("Cannot build an empty " + request.getClass(), e);
    }
  }

  private static @Nullable MethodHandle builderOf(Class<?> type) {
    try {
      Method method = type.getMethod("builder");
      if (!Modifier.isStatic(method.getModifiers())
          || !SdkRequest.Builder.class.isAssignableFrom(method.getReturnType())) {
        return null;
      }
      return MethodHandles.publicLookup()
          .unreflect(method)
          .asType(MethodType.methodType(Object.class));
    } catch (NoSuchMethodException | IllegalAccessException e) {
      return null;
    }
  }
}
