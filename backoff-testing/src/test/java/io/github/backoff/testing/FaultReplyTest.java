package io.github.backoff.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** {@link FaultReply}'s values and checks, without a server: each validation message and each boundary. */
class FaultReplyTest {
  @ParameterizedTest
  @ValueSource(ints = {100, 200, 999})
  void status_withinRange_isTheStatusCode(int status) {
    assertThat(FaultReply.status(status).statusCode()).isEqualTo(status);
  }

  @ParameterizedTest
  @ValueSource(ints = {99, 1000, 0, -1})
  void status_outsideRange_failsNamingTheValue(int status) {
    assertThatThrownBy(() -> FaultReply.status(status)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("status must be in [100, 999]: " + status);
  }

  @Test
  void statusCode_ofAFault_isZero_ofATruncatedBody_itsStatus() {
    assertThat(FaultReply.reset().statusCode()).isZero();
    assertThat(FaultReply.close().statusCode()).isZero();
    assertThat(FaultReply.stall().statusCode()).isZero();
    assertThat(FaultReply.resetAfterFirstByte().statusCode()).isZero();
    assertThat(FaultReply.truncatedBody(10, 3).statusCode()).isEqualTo(200);
  }

  @Test
  void truncatedBody_sendsPromisedLength_andThatManyBytesOfX() {
    FaultReply reply = FaultReply.truncatedBody(10, 3);

    assertThat(reply.header("content-length")).isEqualTo("10");
    assertThat(reply.toString()).isEqualTo("FaultReply[truncate]");
    // sent = 0 and sent = promised - 1 are the bounds
    assertThat(FaultReply.truncatedBody(1, 0).header("Content-Length")).isEqualTo("1");
    assertThat(FaultReply.truncatedBody(5, 4).header("Content-Length")).isEqualTo("5");
  }

  @ParameterizedTest
  @ValueSource(ints = {-1, 10, 11})
  void truncatedBody_sentOutsideZeroToPromised_fails(int sent) {
    assertThatThrownBy(() -> FaultReply.truncatedBody(10, sent)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sent must be in [0, promised): " + sent + ", promised 10");
  }

  @Test
  void withHeader_emptyNameOrLineBreak_fails() {
    FaultReply ok = FaultReply.status(200);
    for (String[] bad : List.of(new String[] {"", "v"}, new String[] {"a\rb", "v"}, new String[] {"a\nb", "v"},
        new String[] {"\r", "v"}, new String[] {"\n", "v"}, new String[] {"n", "a\rb"}, new String[] {"n", "a\nb"},
        new String[] {"n", "\r"}, new String[] {"n", "\n"})) {
      assertThatThrownBy(() -> ok.withHeader(bad[0], bad[1])).as("%s: %s", bad[0], bad[1])
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("header must be a non-empty name and a value without line breaks");
    }
    assertThat(ok.withHeader("X-One", "1").withHeader("x-two", "").header("X-TWO")).isEmpty();
    assertThat(ok.withHeader("X-One", "1").header("x-missing")).isNull();
  }

  @Test
  void responseOptions_onAFault_failNamingTheOptionAndTheFault() {
    List<Function<FaultReply, FaultReply>> options = List.of(r -> r.withHeader("a", "b"), r -> r.withBody("b"),
        r -> r.withBodyThrottle(1, Duration.ZERO), FaultReply::withConnectionClose);
    List<String> names = List.of("withHeader", "withBody", "withBodyThrottle", "withConnectionClose");
    for (int i = 0; i < options.size(); i++) {
      Function<FaultReply, FaultReply> option = options.get(i);
      assertThatThrownBy(() -> option.apply(FaultReply.reset())).isInstanceOf(IllegalStateException.class)
          .hasMessage(names.get(i) + " applies to a response, not to a reset fault");
      assertThatThrownBy(() -> option.apply(FaultReply.truncatedBody(2, 1))).isInstanceOf(IllegalStateException.class)
          .hasMessage(names.get(i) + " applies to a response, not to a truncate fault");
    }
  }

  @Test
  void negativeDurations_failNamingTheParameter() {
    FaultReply ok = FaultReply.status(200);
    Duration negative = Duration.ofMillis(-1);

    assertThatThrownBy(() -> ok.withRetryAfter(negative)).hasMessage("delay must not be negative: PT-0.001S");
    assertThatThrownBy(() -> ok.withAmzRetryAfter(negative)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("delay must not be negative: PT-0.001S");
    assertThatThrownBy(() -> ok.withHeadersDelay(negative)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("delay must not be negative: PT-0.001S");
    assertThatThrownBy(() -> ok.withBodyThrottle(1, negative)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("period must not be negative: PT-0.001S");
    assertThatThrownBy(() -> ok.withBodyThrottle(0, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bytes must be > 0: 0");
    // zero is allowed
    assertThat(ok.withAmzRetryAfter(Duration.ZERO).header("x-amz-retry-after")).isEqualTo("0");
    assertThat(ok.withRetryAfter(Duration.ofMillis(1500)).header("Retry-After")).isEqualTo("2");
  }

  @Test
  void toString_namesStatusHeadersAndBodyLength_orTheFault() {
    assertThat(FaultReply.status(503).withHeader("Retry-After", "1").withBody("busy").toString())
        .isEqualTo("FaultReply[503, [Retry-After, 1], 4 bytes]");
    assertThat(FaultReply.stall().toString()).isEqualTo("FaultReply[stall]");
  }
}
