package io.github.backoff.spring.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.Await;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.ManualScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.client.reactive.JdkClientHttpConnector;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import reactor.core.Disposable;
import reactor.core.publisher.Hooks;

/**
 * WebClient (on the JDK connector) through the filter against a real loopback server that counts what it sees. Waits
 * run on a {@link ManualScheduler} in virtual time, or are zero.
 */
class RetryingExchangeFilterTest {
  private static final Duration AWAIT = Duration.ofSeconds(10);
  private final ManualScheduler scheduler = new ManualScheduler();
  private FaultServer server;

  @BeforeEach
  void start() {
    server = FaultServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static RetryPolicy<Object> policy(Backoff backoff, int maxAttempts) {
    return RetryPolicy.builder().withBackoff(backoff).withMaxAttempts(maxAttempts).build();
  }

  private WebClient client(ExchangeFilterFunction... filters) {
    WebClient.Builder b = WebClient.builder().clientConnector(new JdkClientHttpConnector());
    for (ExchangeFilterFunction f : filters) {
      b.filter(f);
    }
    return b.build();
  }

  private RetryingExchangeFilter virtualTime(RetryPolicy<Object> policy) {
    return RetryingExchangeFilter.builder(policy).withScheduler(scheduler).withTicker(scheduler::nanoTime).build();
  }

  private static void await(BooleanSupplier condition) {
    await(condition, () -> "");
  }

  private static void await(BooleanSupplier condition, java.util.function.Supplier<String> state) {
    try {
      Await.until(condition, AWAIT); // waiting for real I/O, not for time to pass
    } catch (AssertionError e) {
      throw new AssertionError("condition not met within " + AWAIT + " " + state.get(), e);
    }
  }

  @Test
  void filter_503Then200_retriesAndReturnsTheBody() {
    server.enqueueStatuses(503, 502);

    String body = client(RetryingExchangeFilter.of(policy(Backoff.none(), 5))).get().uri(server.uri("/items"))
        .retrieve().bodyToMono(String.class).block(AWAIT);

    assertThat(body).isEqualTo("ok");
    assertThat(server.requestCount()).isEqualTo(3);
  }

  // Regression: a response retried by the policy's own result condition (not a retryable status) was dropped with
  // its body neither read nor released, holding its connection or buffers.
  @Test
  void filter_responseRetriedByThePolicysResultCondition_hasItsBodyReadOrReleased() {
    server.enqueueStatuses(404);
    List<Boolean> bodyTouched = new CopyOnWriteArrayList<>();
    // Registered after the retry filter: it sees each attempt's response, and whether its body was ever subscribed.
    ExchangeFilterFunction inner = (request, next) -> next.exchange(request).map(response -> {
      int index = bodyTouched.size();
      bodyTouched.add(false);
      Runnable touched = () -> bodyTouched.set(index, true);
      return new org.springframework.web.reactive.function.client.support.ClientResponseWrapper(response) {
        @Override
        public <T> reactor.core.publisher.Mono<T> bodyToMono(Class<? extends T> type) {
          return super.<T>bodyToMono(type).doOnSubscribe(x -> touched.run());
        }

        @Override
        public <T> reactor.core.publisher.Flux<T> bodyToFlux(Class<? extends T> type) {
          return super.<T>bodyToFlux(type).doOnSubscribe(x -> touched.run());
        }

        @Override
        public reactor.core.publisher.Mono<Void> releaseBody() {
          return super.releaseBody().doOnSubscribe(x -> touched.run());
        }
      };
    });
    RetryPolicy<Object> notFoundRetried = RetryPolicy.builder().withBackoff(Backoff.none()).withMaxAttempts(2)
        .retryIfResult(r -> r instanceof ClientResponse c && c.statusCode().value() == 404).build();

    String body = client(RetryingExchangeFilter.of(notFoundRetried), inner).get().uri(server.uri("/items"))
        .retrieve().bodyToMono(String.class).block(AWAIT);

    assertThat(body).isEqualTo("ok");
    assertThat(server.requestCount()).isEqualTo(2);
    assertThat(bodyTouched).hasSize(2);
    assertThat(bodyTouched.get(0)).as("the retried 404's body was read or released").isTrue();
  }

  @Test
  void outcomeOf_retryableStatusUntilTheAttemptsRunOut_saysWhyAndIsSeenThroughOuterFilters() {
    server.enqueueStatuses(503, 503);
    // Registered first, so it sees the response after the retry filter: its wrapper is looked through.
    ExchangeFilterFunction outer = (request, next) -> next.exchange(request)
        .map(response -> new org.springframework.web.reactive.function.client.support.ClientResponseWrapper(response));

    Optional<HttpRetryOutcome<ClientResponse>> outcome = client(outer, RetryingExchangeFilter.of(
        policy(Backoff.none(), 2))).get().uri(server.uri("/items"))
        .exchangeToMono(response -> response.releaseBody().thenReturn(RetryingExchangeFilter.outcomeOf(response)))
        .block(AWAIT);

    assertThat(outcome).hasValueSatisfying(o -> {
      assertThat(o.attempts()).isEqualTo(2);
      assertThat(o.stopReason()).contains(StopReason.ATTEMPTS_EXHAUSTED);
      assertThat(o.response().statusCode().value()).isEqualTo(503);
    });
    assertThat(server.requestCount()).isEqualTo(2);
  }

  @Test
  void outcomeOf_429InsufficientQuota_stopsWithQuotaExhaustedAndTheCallerStillReadsTheBody() {
    String quota = "{\"error\":{\"type\":\"insufficient_quota\",\"code\":\"insufficient_quota\"}}";
    server.enqueue(FaultReply.status(429).withBody(quota), FaultReply.ok("never"));
    WebClient client = client(virtualTime(policy(Backoff.constant(Duration.ofMillis(10)), 3)));

    var seen = client.get().uri(server.uri("/v1/chat/completions"))
        .exchangeToMono(response -> response.bodyToMono(String.class)
            .map(body -> java.util.Map.entry(body, RetryingExchangeFilter.outcomeOf(response))))
        .toFuture();

    assertThat(seen).succeedsWithin(AWAIT).satisfies(e -> {
      assertThat(e.getKey()).isEqualTo(quota);
      assertThat(e.getValue().flatMap(HttpRetryOutcome::stopReason)).contains(StopReason.QUOTA_EXHAUSTED);
    });
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void outcomeOf_postThatMayNotBeRetried_isNotRetryable_andAResponseOfAnotherClientHasNone() {
    server.enqueueStatuses(503);

    Optional<HttpRetryOutcome<ClientResponse>> outcome = client(RetryingExchangeFilter.of(policy(Backoff.none(), 3)))
        .post().uri(server.uri("/items")).bodyValue("x")
        .exchangeToMono(response -> response.releaseBody().thenReturn(RetryingExchangeFilter.outcomeOf(response)))
        .block(AWAIT);
    Optional<HttpRetryOutcome<ClientResponse>> none = client().get().uri(server.uri("/items"))
        .exchangeToMono(response -> response.releaseBody().thenReturn(RetryingExchangeFilter.outcomeOf(response)))
        .block(AWAIT);

    assertThat(outcome.flatMap(HttpRetryOutcome::stopReason)).contains(StopReason.NOT_RETRYABLE);
    assertThat(outcome.map(HttpRetryOutcome::attempts)).contains(1);
    assertThat(none).isEmpty();
  }

  @Test
  void filter_waitingRetries_holdNoThread_andRunWhenTheSchedulerSaysSo() {
    int calls = 20;
    server.dispatch(request -> request.header("X-Retried") == null ? FaultReply.status(503) : FaultReply.ok("ok"));
    AtomicInteger attempts = new AtomicInteger();
    ExchangeFilterFunction markRetries = (request, next) -> next.exchange(attempts.incrementAndGet() > calls
        ? org.springframework.web.reactive.function.client.ClientRequest.from(request).header("X-Retried", "1").build()
        : request);
    AtomicInteger scheduled = new AtomicInteger();
    RetryPolicy<Object> policy = policy(Backoff.constant(Duration.ofSeconds(1)), 3).toBuilder()
        .onEvent(event -> {
          if (event instanceof io.github.backoff.event.RetryScheduled<?>) {
            scheduled.incrementAndGet();
          }
        })
        .build();
    WebClient client = client(virtualTime(policy), markRetries);

    List<CompletableFuture<String>> results = new ArrayList<>();
    for (int i = 0; i < calls; i++) {
      results.add(client.get().uri(server.uri("/items/" + i)).retrieve().bodyToMono(String.class).toFuture());
    }
    await(() -> scheduled.get() == calls, () -> "scheduled " + scheduled + ", requests " + server.requestCount());

    // Twenty retries wait on one virtual-time scheduler (the core's timer keeps one task for all): no thread waits.
    assertThat(results).noneMatch(CompletableFuture::isDone);
    assertThat(scheduler.pendingTasks()).isBetween(1, calls);
    assertThat(server.requestCount()).isEqualTo(calls);
    assertThat(scheduler.nextTaskDelay()).isEqualTo(Duration.ofSeconds(1));

    scheduler.advance(Duration.ofSeconds(1));

    assertThat(results).allSatisfy(f -> assertThat(f.get(AWAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo("ok"));
    assertThat(server.requestCount()).isEqualTo(2 * calls);
  }

  @Test
  void filter_cancelledWhileWaiting_sendsNothingMore() {
    server.enqueueStatuses(503);
    WebClient client = client(virtualTime(policy(Backoff.constant(Duration.ofSeconds(1)), 5)));

    Disposable call = client.get().uri(server.uri("/items")).retrieve().bodyToMono(String.class).subscribe();
    await(() -> scheduler.pendingTasks() == 1);
    call.dispose();
    scheduler.advance(Duration.ofMinutes(1));

    assertThat(server.requestCount()).isEqualTo(1);
    assertThat(scheduler.pendingTasks()).isZero();
  }

  @Test
  void filter_cancelledDuringAnAttempt_sendsNothingMore() throws InterruptedException {
    server.enqueue(FaultReply.stall());
    WebClient client = client(virtualTime(policy(Backoff.constant(Duration.ofSeconds(1)), 5)));

    Disposable call = client.get().uri(server.uri("/items")).retrieve().bodyToMono(String.class).subscribe();
    assertThat(server.awaitRequestCount(1, AWAIT)).isTrue();
    call.dispose();
    scheduler.advance(Duration.ofMinutes(1));

    assertThat(server.requestCount()).isEqualTo(1);
    assertThat(scheduler.pendingTasks()).isZero();
  }

  @Test
  void filter_retryAfter_isTheWait() {
    server.enqueue(FaultReply.status(503).withRetryAfter(Duration.ofSeconds(2)));
    WebClient client = client(virtualTime(policy(Backoff.constant(Duration.ofMillis(10)), 3)));

    CompletableFuture<String> result = client.get().uri(server.uri("/items")).retrieve().bodyToMono(String.class)
        .toFuture();
    await(() -> scheduler.pendingTasks() == 1);

    assertThat(scheduler.nextTaskDelay()).isBetween(Duration.ofSeconds(2), Duration.ofSeconds(3));
    scheduler.advance(Duration.ofSeconds(3));
    assertThat(result).succeedsWithin(AWAIT).isEqualTo("ok");
  }

  @Test
  void filter_retriedBodies_areReadAndReleased() {
    server.enqueue(FaultReply.status(503).withBody("busy ".repeat(2000)), FaultReply.status(500).withBody("oops"));
    List<AtomicInteger> bodies = new java.util.concurrent.CopyOnWriteArrayList<>();
    // Below the retry filter: sees every attempt's response, and counts how often each body ended (read to its end,
    // or cancelled: released either way).
    ExchangeFilterFunction countBodies = (request, next) -> next.exchange(request)
        .map(response -> {
          AtomicInteger ended = new AtomicInteger();
          bodies.add(ended);
          return response.mutate().body(flux -> flux.doFinally(signal -> ended.incrementAndGet())).build();
        });

    String body = client(RetryingExchangeFilter.of(policy(Backoff.none(), 5)), countBodies).get()
        .uri(server.uri("/items")).retrieve().bodyToMono(String.class).block(AWAIT);

    assertThat(body).isEqualTo("ok");
    // Two retried bodies released by the filter, the last read by retrieve(): none left unread.
    // (doFinally runs just after the body's last signal, so the last may end a moment after block() returns.)
    assertThat(bodies).hasSize(3);
    await(() -> bodies.stream().allMatch(ended -> ended.get() > 0));
    assertThat(server.connectionCount()).isEqualTo(1);
  }

  @Test
  void filter_post_isNotRetried_butWithAnIdempotencyKeyItIs() {
    server.enqueueStatuses(503, 503);
    WebClient client = client(RetryingExchangeFilter.of(policy(Backoff.none(), 5)));

    assertThatThrownBy(() -> client.post().uri(server.uri("/orders")).bodyValue("{}").retrieve()
            .toBodilessEntity().block(AWAIT))
        .isInstanceOf(WebClientResponseException.ServiceUnavailable.class);
    assertThat(server.requestCount()).isEqualTo(1);

    client.post().uri(server.uri("/orders")).header("Idempotency-Key", "k").bodyValue("{\"n\":1}").retrieve()
        .toBodilessEntity().block(AWAIT);
    assertThat(server.requestCount()).isEqualTo(3);
    assertThat(server.requests()).extracting(r -> r.bodyAsString()).containsExactly("{}", "{\"n\":1}", "{\"n\":1}");
  }

  @Test
  void filter_retriesExhaustedOnStatus_returnsTheLastResponse() {
    server.enqueueStatuses(503, 503, 503);
    WebClient client = client(RetryingExchangeFilter.of(policy(Backoff.none(), 3)));

    assertThatThrownBy(() -> client.get().uri(server.uri("/items")).retrieve().bodyToMono(String.class)
            .block(AWAIT))
        .isInstanceOf(WebClientResponseException.ServiceUnavailable.class);
    assertThat(server.requestCount()).isEqualTo(3);
  }

  @Test
  void filter_retriesExhaustedOnFailure_failsWithRetryException() {
    server.close();
    server = FaultServer.builder().withDefaultReply(FaultReply.reset()).start();
    WebClient client = client(RetryingExchangeFilter.of(policy(Backoff.none(), 3)));

    assertThatThrownBy(() -> client.get().uri(server.uri("/items")).retrieve().bodyToMono(String.class)
            .block(AWAIT))
        .isInstanceOfSatisfying(RetryException.class, e -> {
          assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
          assertThat(e.attempts()).isEqualTo(3);
        });
  }

  @Test
  void budget_byDefault_oneQuotaPerFilter_andNoneWhenOptedOut() {
    assertThat(RetryingExchangeFilter.of(policy(Backoff.none(), 3)).budget()).isPresent();
    assertThat(RetryingExchangeFilter.builder(policy(Backoff.none(), 3)).withoutBudget().build().budget()).isEmpty();
  }

  @Test
  void filter_retryAfterDate_isTheWait() {
    server.enqueue(FaultReply.status(429).withRetryAfterDate(java.time.Instant.now().plusSeconds(30)));
    WebClient client = client(virtualTime(policy(Backoff.constant(Duration.ofMillis(10)), 3)));

    CompletableFuture<String> result = client.get().uri(server.uri("/items")).retrieve().bodyToMono(String.class)
        .toFuture();
    await(() -> scheduler.pendingTasks() == 1);

    assertThat(scheduler.nextTaskDelay()).isBetween(Duration.ofSeconds(27), Duration.ofSeconds(45));
    scheduler.advance(Duration.ofSeconds(45));
    assertThat(result).succeedsWithin(AWAIT).isEqualTo("ok");
  }

  @Test
  void filter_millisecondHint_isFollowed() {
    server.enqueue(FaultReply.status(503).withAmzRetryAfter(Duration.ofMillis(1500)));
    RetryingExchangeFilter filter = RetryingExchangeFilter.builder(policy(Backoff.constant(Duration.ofMillis(10)), 3))
        .withRetryAfterMillisHeader("x-amz-retry-after")
        .withScheduler(scheduler).withTicker(scheduler::nanoTime).build();

    CompletableFuture<String> result = client(filter).get().uri(server.uri("/items")).retrieve()
        .bodyToMono(String.class).toFuture();
    await(() -> scheduler.pendingTasks() == 1);

    assertThat(scheduler.nextTaskDelay()).isGreaterThanOrEqualTo(Duration.ofMillis(1500));
    scheduler.advance(Duration.ofSeconds(10));
    assertThat(result).succeedsWithin(AWAIT).isEqualTo("ok");
  }

  @Test
  void filter_retryAfterLongerThanAllowed_returnsTheResponseAtOnce() {
    server.enqueue(FaultReply.status(503).withRetryAfter(Duration.ofMinutes(10)));
    WebClient client = client(RetryingExchangeFilter.of(policy(Backoff.none(), 3)));

    assertThatThrownBy(() -> client.get().uri(server.uri("/items")).retrieve().bodyToMono(String.class)
            .block(AWAIT))
        .isInstanceOf(WebClientResponseException.ServiceUnavailable.class);
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void filter_attemptTimeout_endsAStalledAttemptAndRetries_passingNothingToReactorsErrorDroppedHook() {
    // The JDK connector completes the timed-out exchange with "Request cancelled" after the filter cancelled it;
    // Reactor's default hook for such an error logs an ERROR with its stack trace, once per attempt.
    List<Throwable> dropped = new CopyOnWriteArrayList<>();
    Hooks.onErrorDropped(dropped::add);
    try {
      server.enqueue(FaultReply.stall());
      RetryPolicy<Object> policy = RetryPolicy.builder().withBackoff(Backoff.none()).withMaxAttempts(3)
          .withAttemptTimeout(Duration.ofSeconds(1)).build();

      String body = client(RetryingExchangeFilter.of(policy)).get().uri(server.uri("/items")).retrieve()
          .bodyToMono(String.class).block(AWAIT);

      assertThat(body).isEqualTo("ok");
      assertThat(server.requestCount()).isEqualTo(2);
      assertThat(dropped).as("errors passed to Reactor's global error-dropped hook").isEmpty();
    } finally {
      Hooks.resetOnErrorDropped();
    }
  }

  @Test
  void abandonedAttempt_droppedWhileTheAttemptRuns_goesToTheGlobalHook() {
    List<Throwable> dropped = new CopyOnWriteArrayList<>();
    Hooks.onErrorDropped(dropped::add);
    try {
      RetryingExchangeFilter.AbandonedAttempt hook = new RetryingExchangeFilter.AbandonedAttempt();
      IllegalStateException early = new IllegalStateException("before the attempt exists");
      hook.accept(early);
      hook.attempt = new CompletableFuture<>();
      IllegalStateException running = new IllegalStateException("while it runs");
      hook.accept(running);
      hook.attempt.cancel(false);
      hook.accept(new IllegalStateException("after it was cancelled"));

      assertThat(dropped).containsExactly(early, running);
    } finally {
      Hooks.resetOnErrorDropped();
    }
  }
}
