package dev.dynakit.test;

import dev.dynakit.embedded.Transport;
import dev.dynakit.engine.DynakitEngine;
import java.lang.reflect.AnnotatedElement;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.platform.commons.support.AnnotationSupport;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * JUnit 5 extension that gives each test a fresh in-memory {@link DynakitEngine} and SDK clients
 * for it, by parameter (test methods, lifecycle methods, constructors):
 *
 * <ul>
 *   <li>{@link DynakitEngine} — the engine itself;
 *   <li>{@link DynamoDbClient} and {@link DynamoDbAsyncClient} — clients of that engine;
 *   <li>{@link Transport} — how those clients reach it.
 * </ul>
 *
 * <p>One engine per test method, shared by the method and its {@code @BeforeEach}/{@code AfterEach}
 * methods and closed after it; a parameter of a {@code @BeforeAll} method gets an engine for the
 * whole class, which its tests then share. The transport is in-process unless {@link
 * DynakitTest#transport()} on the method or an enclosing class says otherwise; a {@link
 * TransportTest} method runs once over each transport. Register it with {@link DynakitTest} (or
 * {@code @ExtendWith(DynakitExtension.class)}).
 */
public final class DynakitExtension
    implements ParameterResolver, TestTemplateInvocationContextProvider {
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(DynakitExtension.class);
  private static final Set<Class<?>> RESOLVED =
      Set.of(DynakitEngine.class, DynamoDbClient.class, DynamoDbAsyncClient.class, Transport.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    // the runs of a @TransportTest are served by their own resolver, which knows the transport
    return RESOLVED.contains(parameter.getParameter().getType())
        && !AnnotationSupport.isAnnotated(context.getTestMethod(), TransportTest.class);
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return resolve(parameter.getParameter().getType(), declaredTransport(context), context);
  }

  @Override
  public ExtensionContextScope getTestInstantiationExtensionContextScope(
      ExtensionContext rootContext) {
    // a constructor parameter gets the engine of the test method, not one shared by the class
    return ExtensionContextScope.TEST_METHOD;
  }

  @Override
  public boolean supportsTestTemplate(ExtensionContext context) {
    return AnnotationSupport.isAnnotated(context.getTestMethod(), TransportTest.class);
  }

  @Override
  public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(
      ExtensionContext context) {
    Transport[] transports =
        AnnotationSupport.findAnnotation(context.getTestMethod(), TransportTest.class)
            .map(TransportTest::value)
            .orElseThrow();
    return Arrays.stream(transports).map(TransportRun::new);
  }

  /** Finds or makes the session for {@code transport} and answers a parameter from it. */
  static Object resolve(Class<?> type, Transport transport, ExtensionContext context) {
    // a session made for a whole class (a @BeforeAll parameter) is found from its tests too
    EngineSession session =
        context
            .getStore(NAMESPACE)
            .getOrComputeIfAbsent(
                transport, t -> new EngineSession(transport), EngineSession.class);
    if (type == DynakitEngine.class) {
      return session.engine();
    }
    if (type == DynamoDbClient.class) {
      return session.client();
    }
    if (type == DynamoDbAsyncClient.class) {
      return session.asyncClient();
    }
    return session.transport();
  }

  static boolean resolves(Class<?> type) {
    return RESOLVED.contains(type);
  }

  private static Transport declaredTransport(ExtensionContext context) {
    for (Optional<ExtensionContext> c = Optional.of(context);
        c.isPresent();
        c = c.get().getParent()) {
      Optional<AnnotatedElement> element = c.get().getElement();
      Optional<DynakitTest> declared = AnnotationSupport.findAnnotation(element, DynakitTest.class);
      if (declared.isPresent()) {
        return declared.get().transport();
      }
    }
    return Transport.IN_PROCESS;
  }

  /** One run of a {@link TransportTest}. */
  private static final class TransportRun implements TestTemplateInvocationContext {
    private final Transport transport;

    TransportRun(Transport transport) {
      this.transport = transport;
    }

    @Override
    public String getDisplayName(int invocationIndex) {
      return "[" + transport.displayName() + "]";
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
      return List.of(new TransportResolver(transport));
    }
  }

  /** Answers the parameters of one {@link TransportTest} run over its transport. */
  private static final class TransportResolver implements ParameterResolver {
    private final Transport transport;

    TransportResolver(Transport transport) {
      this.transport = transport;
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
      return resolves(parameter.getParameter().getType());
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
      return resolve(parameter.getParameter().getType(), transport, context);
    }

    @Override
    public ExtensionContextScope getTestInstantiationExtensionContextScope(
        ExtensionContext rootContext) {
      return ExtensionContextScope.TEST_METHOD;
    }
  }
}
