package dev.dynakit.test;

import dev.dynakit.embedded.Transport;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class (or method) whose tests get a fresh in-memory engine and clients for it as
 * parameters: {@code DynakitEngine}, {@code DynamoDbClient}, {@code DynamoDbAsyncClient}, {@code
 * Transport}. See {@link DynakitExtension}.
 *
 * <pre>{@code
 * @DynakitTest
 * class OrdersTest {
 *   @Test
 *   void listsNoTables(DynamoDbClient dynamo) {
 *     assertThat(dynamo.listTables().tableNames()).isEmpty();
 *   }
 * }
 * }</pre>
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(DynakitExtension.class)
public @interface DynakitTest {
  /** How the clients reach the engine; in-process by default. */
  Transport transport() default Transport.IN_PROCESS;
}
