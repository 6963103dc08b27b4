package io.github.backoff.http;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.hedge.HedgePolicy;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a caller gets when the body handler throws, on each of the two paths that turn a failure back into what the
 * JDK client's {@code send} would throw: during an attempt with a time limit (the attempt runs through
 * {@code sendAsync}), and while the body of a given-up response is made from its buffered bytes. Also the small
 * accessors nothing else reads.
 */
class RetriedCallFailuresTest {
  private final FaultServer server = FaultServer.start();
  private final HttpClient client = Fixtures.httpClient();

  @AfterEach
  void stop() {
    server.close();
  }

  /** One attempt with a time limit, or two without one and no wait between them (a 503 is then buffered). */
  private static RetryPolicy<HttpResponse<?>> policy(boolean withTimeout) {
    return withTimeout
        ? RetryPolicy.<HttpResponse<?>>builder().withMaxAttempts(1).withAttemptTimeout(Duration.ofSeconds(30)).build()
        : RetryPolicy.<HttpResponse<?>>builder().withMaxAttempts(2).withBackoff(Backoff.constant(Duration.ZERO))
            .build();
  }

  /** A body handler that throws {@code failure} (checked or not) each time it is asked for a subscriber. */
  private static HttpResponse.BodyHandler<String> throwing(Throwable failure) {
    return info -> {
      throw Sneaky.<RuntimeException>sneak(failure);
    };
  }

  private static final class Sneaky {
    @SuppressWarnings("unchecked")
    static <E extends Throwable> E sneak(Throwable t) throws E {
      throw (E) t;
    }

    static <E extends Throwable, T> T fail(Throwable t) throws E {
      throw Sneaky.<E>sneak(t);
    }
  }

  /** A body handler whose body fails with {@code failure} (checked or not) once the bytes are read. */
  private static HttpResponse.BodyHandler<String> failingBody(Throwable failure) {
    return info -> HttpResponse.BodySubscribers.mapping(HttpResponse.BodySubscribers.ofString(UTF_8),
        body -> Sneaky.<RuntimeException, String>fail(failure));
  }

  /** A 200 through one attempt with a time limit, {@code handler} throwing while it is made. */
  private Throwable sendTimed(Throwable failure) {
    server.dispatch(r -> FaultReply.ok("ok"));
    RetryingHttpClient http = RetryingHttpClient.of(client, policy(true));
    return catchThrowable(() -> http.send(HttpRequest.newBuilder(server.uri("/a")).build(), throwing(failure)));
  }

  /** A 503 twice (given up, the body made from the buffered bytes), the body failing with {@code failure}. */
  private Throwable sendGivenUp(Throwable failure) {
    server.dispatch(r -> FaultReply.status(503));
    RetryingHttpClient http = RetryingHttpClient.of(client, policy(false));
    return catchThrowable(() -> http.send(HttpRequest.newBuilder(server.uri("/a")).build(), failingBody(failure)));
  }

  @Test
  void send_handlerThrowsRuntimeExceptionDuringATimedAttempt_stopsNotRetryableWithIt() {
    IllegalStateException boom = new IllegalStateException("handler broke");

    Throwable thrown = sendTimed(boom);

    assertThat(thrown).isInstanceOf(RetryException.class);
    assertThat(thrown.getCause()).isSameAs(boom);
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void send_handlerThrowsErrorDuringATimedAttempt_throwsIt() {
    AssertionError boom = new AssertionError("handler broke");

    assertThat(sendTimed(boom)).isSameAs(boom);
  }

  @Test
  void send_handlerThrowsIOExceptionDuringATimedAttempt_isTheAttemptsIOException() {
    IOException boom = new IOException("handler broke");

    Throwable thrown = sendTimed(boom);

    assertThat(thrown).hasRootCause(boom);
    assertThat(thrown.getCause()).isSameAs(boom);
  }

  @Test
  void send_handlerThrowsACheckedNonIoExceptionDuringATimedAttempt_wrapsItInAnIOException() {
    Exception boom = new Exception("checked");

    Throwable thrown = sendTimed(boom);

    assertThat(thrown.getCause()).isInstanceOf(IOException.class).hasCause(boom);
  }

  @Test
  void send_handlerThrowsRuntimeExceptionMakingAGivenUpResponsesBody_throwsIt() {
    IllegalStateException boom = new IllegalStateException("handler broke");

    assertThat(sendGivenUp(boom)).isSameAs(boom);
  }

  @Test
  void send_handlerThrowsErrorMakingAGivenUpResponsesBody_throwsIt() {
    AssertionError boom = new AssertionError("handler broke");

    assertThat(sendGivenUp(boom)).isSameAs(boom);
  }

  @Test
  void send_handlerThrowsIOExceptionMakingAGivenUpResponsesBody_throwsItUnchecked() {
    IOException boom = new IOException("handler broke");

    assertThat(sendGivenUp(boom)).isInstanceOf(UncheckedIOException.class).hasCause(boom);
  }

  @Test
  void send_handlerThrowsACheckedNonIoExceptionMakingAGivenUpResponsesBody_throwsItInACompletionException() {
    Exception boom = new Exception("checked");

    assertThat(sendGivenUp(boom)).isInstanceOf(CompletionException.class).hasCause(boom);
  }

  @Test
  void nanos_durationsBeyondLongNanoseconds_saturate() {
    assertThat(RetriedCall.nanos(Duration.ofSeconds(Long.MAX_VALUE))).isEqualTo(Long.MAX_VALUE);
    assertThat(RetriedCall.nanos(Duration.ofSeconds(Long.MIN_VALUE))).isEqualTo(Long.MIN_VALUE);
    assertThat(RetriedCall.nanos(Duration.ofSeconds(-2))).isEqualTo(-2_000_000_000L);
  }

  @Test
  void options_areTheOnesBuiltWith() {
    HttpRetryOptions options = HttpRetryOptions.builder().build();

    assertThat(RetryingHttpClient.of(client, policy(false), options).options()).usingRecursiveComparison()
        .isEqualTo(options);
  }

  @Test
  void hedgingClient_accessorsAndToString() {
    HedgePolicy<HttpResponse<?>> policy = HedgePolicy.<HttpResponse<?>>builder().withDelay(Duration.ofSeconds(1))
        .build();
    HedgingHttpClient hedging = HedgingHttpClient.of(client, policy);

    assertThat(hedging.client()).isSameAs(client);
    assertThat(hedging).hasToString("HedgingHttpClient(" + policy + ")");
  }

  @Test
  void send_givenUpResponse_readsLikeTheResponseReceived() {
    server.dispatch(r -> FaultReply.status(503));
    RetryingHttpClient http = RetryingHttpClient.of(client, policy(false));

    HttpResponse<String> response = http.send(HttpRequest.newBuilder(server.uri("/a")).build(),
        HttpResponse.BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(503);
    assertThat(response.toString()).startsWith("(GET " + server.uri("/a") + ") 503");
    assertThat(response.previousResponse()).isEmpty();
    assertThat(response.sslSession()).isEmpty();
  }
}
