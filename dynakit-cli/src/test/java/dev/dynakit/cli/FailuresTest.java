package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import org.junit.jupiter.api.Test;

class FailuresTest {
  @Test
  void anExceptionWithoutAMessage_isDescribedByWhatItMeans_notByItsClassName() {
    assertThat(Failures.describe(new RuntimeException(new UnresolvedAddressException())))
        .isEqualTo("unknown host");
    assertThat(Failures.describe(new ConnectException())).isEqualTo("connection refused");
  }

  @Test
  void aMessageThatRepeatsItsCausesClassName_losesTheClassName() {
    assertThat(Failures.describe(new RuntimeException(new ConnectException("Connection refused"))))
        .isEqualTo("Connection refused");
    assertThat(Failures.describe(new UnknownHostException("nohost: Name or service not known")))
        .isEqualTo("unknown host 'nohost'");
  }

  @Test
  void messagesAlongTheChain_areJoined_mostGeneralFirst() {
    assertThat(
            Failures.describe(
                new UncheckedIOException(
                    "cannot listen on h:1", new BindException("Address already in use"))))
        .isEqualTo("cannot listen on h:1: Address already in use");
  }

  @Test
  void nothingToSay_isStillNoClassName() {
    assertThat(Failures.describe(new IllegalStateException()))
        .isEqualTo("an unexpected internal error (no message); please report it");
  }
}
