package io.github.backoff.vertx;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.strategy.Backoff;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link VertxRetrier} with a real Vert.x 5 HTTP server and client on loopback: the attempts run on the event loop,
 * the waits are timers, and the blocked-thread checker (strict: 200 ms) stays silent.
 */
class VertxRetrierTest {
  static Vertx vertx;
  static HttpServer server;
  static HttpClient client;
  static BlockedThreadWarnings checker;
  /** How many requests the server answers 503 before a 200, per path; every request's arrival. */
  static final AtomicInteger FAILURES_LEFT = new AtomicInteger();
  static final List<Long> ARRIVALS = new CopyOnWriteArrayList<>();

  final List<String> threads = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    checker = new BlockedThreadWarnings();
    vertx = BlockedThreadWarnings.strictVertx();
    server = vertx.createHttpServer().requestHandler(request -> {
      ARRIVALS.add(System.nanoTime());
      request.response().setStatusCode(FAILURES_LEFT.getAndDecrement() > 0 ? 503 : 200).end("body");
    }).listen(0, "127.0.0.1").await(10, TimeUnit.SECONDS);
    client = vertx.createHttpClient();
    // Warm up: the first exchange loads Netty's and Vert.x's classes on the event loop, which a strict checker reports.
    FAILURES_LEFT.set(1);
    new VertxRetrierTest().get().otherwiseEmpty().await(10, TimeUnit.SECONDS);
    new VertxRetrierTest().get().await(10, TimeUnit.SECONDS);
    ARRIVALS.clear();
    checker.warnings.clear();
  }

  @AfterAll
  static void stop() throws Exception {
    vertx.close().await(10, TimeUnit.SECONDS);
    checker.close();
  }

  @AfterEach
  void reset() {
    ARRIVALS.clear();
    FAILURES_LEFT.set(0);
  }

  /** One GET to the server: its body, or a failure if the status is not 200. */
  Future<String> get() {
    threads.add(Thread.currentThread().getName() + (Context.isOnEventLoopThread() ? " (event loop)" : ""));
    return client.request(HttpMethod.GET, server.actualPort(), "127.0.0.1", "/")
        .compose(request -> request.send())
        .compose(response -> response.statusCode() == 200 ? response.body().map(Object::toString)
            : response.body().compose(b -> Future.failedFuture(new IllegalStateException("status "
                + response.statusCode()))));
  }

  /** Runs {@code execute} on an event loop, as a verticle would, and waits for its outcome off it. */
  static <T> CompletableFuture<T> onEventLoop(java.util.function.Supplier<Future<T>> execute) {
    CompletableFuture<T> outcome = new CompletableFuture<>();
    vertx.getOrCreateContext().runOnContext(v -> execute.get().onComplete(r -> {
      if (r.succeeded()) {
        outcome.complete(r.result());
      } else {
        outcome.completeExceptionally(r.cause());
      }
    }));
    return outcome;
  }

  @Test
  void execute_twoFailures_succeedsOnTheEventLoopAfterTimerWaits() throws Exception {
    FAILURES_LEFT.set(2);
    VertxRetrier<String> retrier = VertxRetrier.of(vertx, RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(1500))).withMaxAttempts(3).build());

    String body = onEventLoop(() -> retrier.execute(this::get)).get(10, TimeUnit.SECONDS);

    assertThat(body).isEqualTo("body");
    assertThat(ARRIVALS).hasSize(3);
    assertThat(Duration.ofNanos(ARRIVALS.get(1) - ARRIVALS.get(0))).isGreaterThanOrEqualTo(Duration.ofMillis(1500));
    assertThat(threads).hasSize(3).allSatisfy(t -> assertThat(t).endsWith("(event loop)"))
        .containsOnly(threads.get(0));
    // Two 1.5 s waits on a loop whose limit is 1 s: a sleeping retrier would have been reported.
    assertThat(checker.warnings).isEmpty();
  }

  @Test
  void execute_waitNearLongMaxValue_waitsOnTheTimerInsteadOfRetryingAtOnce() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    // A wait of Long.MAX_VALUE ns (292 years, saturated): rounding it up to milliseconds must not overflow.
    VertxRetrier<String> retrier = VertxRetrier.of(vertx, RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(Long.MAX_VALUE))).withMaxAttempts(2).build());

    CompletableFuture<String> outcome = onEventLoop(() -> retrier.execute(() -> {
      calls.incrementAndGet();
      return Future.failedFuture(new IllegalStateException("down"));
    }));

    // Wide margin: an overflowed wait became a 1 ms timer, so the second attempt came at once.
    Thread.sleep(300);
    assertThat(calls).hasValue(1);
    assertThat(outcome).isNotDone();
  }

  // Regression: the condition's exception escaped the attempt's onComplete handler and the future never completed.
  @Test
  void execute_resultConditionThrows_failsWithWhatItThrew() throws Exception {
    IllegalStateException boom = new IllegalStateException("condition broke");
    VertxRetrier<String> retrier = VertxRetrier.of(vertx, RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(10))).retryIfResult(r -> {
          throw boom;
        }).build());

    CompletableFuture<String> outcome = onEventLoop(() -> retrier.execute(() -> Future.succeededFuture("up")));

    assertThat(outcome).failsWithin(Duration.ofSeconds(10)).withThrowableThat().havingCause().isSameAs(boom);
  }

  @Test
  void execute_failuresOutlastTheAttempts_failsWithTheReason() throws Exception {
    FAILURES_LEFT.set(5);
    VertxRetrier<String> retrier = VertxRetrier.of(vertx, RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(100))).withMaxAttempts(3).build());

    CompletableFuture<String> outcome = onEventLoop(() -> retrier.execute(this::get));

    assertThat(outcome).failsWithin(Duration.ofSeconds(10)).withThrowableThat().havingCause()
        .isInstanceOfSatisfying(RetryException.class, e -> {
          assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
          assertThat(e.attempts()).isEqualTo(3);
          assertThat(e.getCause()).hasMessage("status 503");
        });
    assertThat(ARRIVALS).hasSize(3);
    assertThat(checker.warnings).isEmpty();
  }

  @Test
  void execute_attemptThrows_countsAsAFailedAttempt() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    VertxRetrier<String> retrier = VertxRetrier.of(vertx, RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(10))).withMaxAttempts(3).build());

    String value = onEventLoop(() -> retrier.execute(() -> {
      if (calls.incrementAndGet() < 3) {
        throw new IllegalStateException("boom");
      }
      return Future.succeededFuture("done");
    })).get(10, TimeUnit.SECONDS);

    assertThat(value).isEqualTo("done");
    assertThat(calls).hasValue(3);
  }

  @Test
  void execute_retryableResult_isRetriedAndTheLastReturnedWhenRetriesStop() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    VertxRetrier<Integer> retrier = VertxRetrier.of(vertx, RetryPolicy.<Integer>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(10))).withMaxAttempts(3).retryIfResult(n -> n < 10).build());

    Integer value = onEventLoop(() -> retrier.execute(() -> Future.succeededFuture(calls.incrementAndGet())))
        .get(10, TimeUnit.SECONDS);

    assertThat(value).isEqualTo(3);
  }

  @Test
  void blockedThreadChecker_reportsABlockedLoop_soItsSilenceMeansSomething() throws Exception {
    BlockedThreadWarnings own = new BlockedThreadWarnings();
    try {
      onEventLoop(() -> {
        try {
          Thread.sleep(2000); // what a retrier that sleeps between attempts would do: twice the limit
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return Future.succeededFuture("slept");
      }).get(10, TimeUnit.SECONDS);

      assertThat(own.warnings).isNotEmpty().first().asString().contains("has been blocked");
    } finally {
      own.close();
      checker.warnings.clear();
    }
  }

}
