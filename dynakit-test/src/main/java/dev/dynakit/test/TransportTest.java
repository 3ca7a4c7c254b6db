package dev.dynakit.test;

import dev.dynakit.embedded.Transport;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test method run once per transport (in process on the wire format, in process direct, then over
 * HTTP), each run with its own fresh engine; use it instead of {@code @Test}. The injected clients
 * of each run, and those of the {@code @BeforeEach} and {@code @AfterEach} methods around it, use
 * that run's transport.
 *
 * <pre>{@code
 * @TransportTest
 * void unknownOperation_isRefused(DynamoDbClient dynamo, Transport transport) { ... }
 * }</pre>
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@ExtendWith(DynakitExtension.class)
public @interface TransportTest {
  /** The transports to run over, in order; all three by default. */
  Transport[] value() default {Transport.IN_PROCESS, Transport.IN_PROCESS_DIRECT, Transport.HTTP};
}
