package io.github.backoff.spring.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.AttemptTimeoutException;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.HttpServerErrorException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

/**
 * RestClient and RestTemplate through the interceptor against a real loopback server that counts what it sees. Waits
 * go to a fake clock (nothing sleeps); only the attempt-timeout test takes real time (one stalled attempt of 1 s).
 */
class RetryingRequestInterceptorTest {
  private final FakeClock clock = new FakeClock();
  private final List<RetryEvent<?>> events = new CopyOnWriteArrayList<>();
  private FaultServer server;

  @BeforeEach
  void start() {
    server = FaultServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private RetryPolicy<Object> policy(int maxAttempts) {
    return RetryPolicy.builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(100), 2.0).withFullJitter())
        .withMaxAttempts(maxAttempts)
        .onEvent(events::add)
        .build();
  }

  private RetryingRequestInterceptorBuilder builder(RetryPolicy<Object> policy) {
    return RetryingRequestInterceptor.builder(policy).withTicker(clock::nanoTime).withSleeper(clock::sleep);
  }

  private RestClient client(ClientHttpRequestInterceptor... interceptors) {
    RestClient.Builder b = RestClient.builder().requestFactory(new JdkClientHttpRequestFactory());
    for (ClientHttpRequestInterceptor i : interceptors) {
      b.requestInterceptor(i);
    }
    return b.build();
  }

  private String get(RestClient client) {
    return client.get().uri(server.uri("/items")).retrieve().body(String.class);
  }

  @Test
  void intercept_503Then200_retriesAndReturnsTheBody() {
    server.enqueueStatuses(503, 503);

    String body = get(client(builder(policy(5)).build()));

    assertThat(body).isEqualTo("ok");
    assertThat(server.requestCount()).isEqualTo(3);
    assertThat(clock.sleeps()).hasSize(2);
  }

  @Test
  void intercept_everyRetryableStatus_isRetried() {
    for (int status : new int[] {429, 500, 502, 503, 504}) {
      server.enqueueStatuses(status);
    }

    assertThat(get(client(builder(policy(6)).build()))).isEqualTo("ok");
    assertThat(server.requestCount()).isEqualTo(6);
  }

  @Test
  void intercept_statusNotRetryable_returnedAtOnce() {
    server.enqueueStatuses(404);

    assertThatThrownBy(() -> get(client(builder(policy(5)).build())))
        .isInstanceOf(org.springframework.web.client.HttpClientErrorException.NotFound.class);
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void intercept_post_isNotRetried() {
    server.enqueueStatuses(503);

    assertThatThrownBy(() -> client(builder(policy(5)).build()).post().uri(server.uri("/orders")).body("{}")
            .retrieve().toBodilessEntity())
        .isInstanceOf(HttpServerErrorException.ServiceUnavailable.class);
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void intercept_postWithIdempotencyKey_isRetriedWithTheSameBody() {
    server.enqueueStatuses(503, 502);

    String body = client(builder(policy(5)).build()).post().uri(server.uri("/orders"))
        .header("Idempotency-Key", "k-1").body("{\"n\":1}").retrieve().body(String.class);

    assertThat(body).isEqualTo("ok");
    assertThat(server.requestCount()).isEqualTo(3);
    assertThat(server.requests()).extracting(r -> r.bodyAsString()).containsOnly("{\"n\":1}");
  }

  @Test
  void intercept_retryAllMethods_retriesAPatch() {
    server.enqueueStatuses(503);

    client(builder(policy(5)).retryAllMethods().build()).patch().uri(server.uri("/orders/1")).body("x")
        .retrieve().toBodilessEntity();

    assertThat(server.requestCount()).isEqualTo(2);
  }

  @Test
  void intercept_retryAfterSeconds_waitsAtLeastThat() {
    server.enqueue(FaultReply.status(503).withRetryAfter(Duration.ofSeconds(2)));

    get(client(builder(policy(3)).build()));

    assertThat(clock.sleeps()).singleElement()
        .satisfies(d -> assertThat(d).isBetween(Duration.ofSeconds(2), Duration.ofSeconds(3)));
  }

  @Test
  void intercept_retryAfterDate_waitsUntilThen() {
    // The options' clock is the system clock; a date 30 s ahead asks for about 30 s.
    server.enqueue(FaultReply.status(429).withRetryAfterDate(Instant.now().plusSeconds(30)));

    get(client(builder(policy(3)).build()));

    assertThat(clock.sleeps()).singleElement()
        .satisfies(d -> assertThat(d).isBetween(Duration.ofSeconds(27), Duration.ofSeconds(45)));
  }

  @Test
  void intercept_429InsufficientQuota_stopsWithQuotaExhausted() {
    server.enqueue(FaultReply.status(429).withBody("{\"error\":{\"code\":\"insufficient_quota\"}}"),
        FaultReply.ok("never"));

    RestClient client = client(builder(policy(3)).build());
    Optional<HttpRetryOutcome<ClientHttpResponse>> outcome = client.get().uri(server.uri("/items"))
        .exchange((request, response) -> RetryingRequestInterceptor.outcomeOf(request));

    assertThat(server.requestCount()).isEqualTo(1);
    assertThat(outcome.flatMap(HttpRetryOutcome::stopReason)).contains(StopReason.QUOTA_EXHAUSTED);
  }

  @Test
  void intercept_429WithAnIetfRateLimitField_waitsForTheReset() {
    server.enqueue(FaultReply.status(429).withHeader("RateLimit", "\"default\";r=0;t=20"), FaultReply.ok("ok"));

    assertThat(get(client(builder(policy(3)).build()))).isEqualTo("ok");
    assertThat(clock.sleeps()).singleElement()
        .satisfies(d -> assertThat(d).isBetween(Duration.ofSeconds(20), Duration.ofSeconds(30)));
  }

  @Test
  void intercept_retryAfterLongerThanAllowed_stopsWithDelayTooLong() {
    server.enqueue(FaultReply.status(503).withRetryAfter(Duration.ofMinutes(10)));

    RestClient client = client(builder(policy(3)).build());
    Optional<HttpRetryOutcome<ClientHttpResponse>> outcome = client.get().uri(server.uri("/items"))
        .exchange((request, response) -> RetryingRequestInterceptor.outcomeOf(request));

    assertThat(server.requestCount()).isEqualTo(1);
    assertThat(outcome.flatMap(HttpRetryOutcome::stopReason)).contains(StopReason.DELAY_TOO_LONG);
  }

  @Test
  void intercept_millisecondHint_followed() {
    server.enqueue(FaultReply.status(503).withAmzRetryAfter(Duration.ofMillis(1500)));

    get(client(builder(policy(3)).withRetryAfterMillisHeader("x-amz-retry-after").build()));

    assertThat(clock.sleeps()).singleElement()
        .satisfies(d -> assertThat(d).isGreaterThanOrEqualTo(Duration.ofMillis(1500)));
  }

  @Test
  void intercept_connectionReset_isRetried() {
    server.enqueue(FaultReply.reset(), FaultReply.reset(), FaultReply.reset(), FaultReply.reset());

    // The JDK client resends a GET once by itself: each attempt that fails was two requests at the server.
    assertThat(get(client(builder(policy(5)).build()))).isEqualTo("ok");
    assertThat(server.requestCount()).isEqualTo(5);
    assertThat(events).filteredOn(RetryScheduled.class::isInstance).hasSize(2);
  }

  @Test
  void intercept_retriesExhaustedOnStatus_returnsTheLastResponseWithItsStop() {
    server.enqueueStatuses(503, 503, 503);

    Object[] seen = client(builder(policy(3)).build()).get().uri(server.uri("/items"))
        .exchange((request, response) -> new Object[] {
            response.getStatusCode().value(), RetryingRequestInterceptor.outcomeOf(request).orElseThrow()});

    assertThat(seen[0]).isEqualTo(503);
    assertThat(seen[1]).isInstanceOfSatisfying(HttpRetryOutcome.class, raw -> {
      HttpRetryOutcome<?> o = raw; // the class literal's type is raw
      assertThat(o.stopReason()).contains(StopReason.ATTEMPTS_EXHAUSTED);
      assertThat(o.attempts()).isEqualTo(3);
      assertThat(((ClientHttpResponse) o.response())).isNotNull();
    });
    assertThat(server.requestCount()).isEqualTo(3);
  }

  @Test
  void intercept_retriesExhaustedOnFailure_throwsRetryException() {
    // The JDK client resends a GET once by itself after a reset: up to two requests per attempt reach the server.
    server.close();
    server = FaultServer.builder().withDefaultReply(FaultReply.reset()).start();

    assertThatThrownBy(() -> get(client(builder(policy(3)).build())))
        .isInstanceOfSatisfying(RetryException.class, e -> {
          assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
          assertThat(e.attempts()).isEqualTo(3);
          assertThat(e.getCause()).isInstanceOf(java.io.IOException.class);
        });
    assertThat(server.requestCount()).isBetween(3, 6);
  }

  @Test
  void intercept_429_isAThrottlingRetryForListenersAndTheBudget() {
    server.enqueueStatuses(429);

    get(client(builder(policy(3)).build()));

    assertThat(events).filteredOn(RetryScheduled.class::isInstance).singleElement()
        .satisfies(e -> assertThat(((RetryScheduled<?>) e).kind()).isEqualTo("throttling"));
  }

  @Test
  void budget_byDefault_oneQuotaPerInterceptor_andNoneWhenOptedOut() {
    RetryingRequestInterceptor withBudget = builder(policy(3)).build();
    RetryingRequestInterceptor without = builder(policy(3)).withoutBudget().build();

    assertThat(withBudget.budget()).isPresent();
    assertThat(builder(policy(3)).build().budget().get()).isNotSameAs(withBudget.budget().get());
    assertThat(without.budget()).isEmpty();
  }

  @Test
  void intercept_defaultBudgetDrained_stopsWithBudgetDenied() {
    server.close();
    server = FaultServer.builder().withDefaultReply(FaultReply.status(503)).start();
    RestClient client = client(builder(policy(3)).build());

    StopReason last = null;
    for (int call = 0; call < 40 && last != StopReason.BUDGET_DENIED; call++) {
      last = client.get().uri(server.uri("/items"))
          .exchange((request, response) -> RetryingRequestInterceptor.outcomeOf(request))
          .flatMap(HttpRetryOutcome::stopReason).orElse(null);
    }

    assertThat(last).isEqualTo(StopReason.BUDGET_DENIED);
  }

  @Test
  void intercept_attemptTimeout_endsAStalledAttemptAndRetries() {
    server.enqueue(FaultReply.stall());
    RetryPolicy<Object> policy = policy(3).toBuilder().withAttemptTimeout(Duration.ofSeconds(1)).build();

    assertThat(get(client(builder(policy).build()))).isEqualTo("ok");
    assertThat(server.requestCount()).isEqualTo(2);
    assertThat(events).filteredOn(RetryScheduled.class::isInstance).singleElement()
        .satisfies(e -> assertThat(((RetryScheduled<?>) e).failure()).isInstanceOf(AttemptTimeoutException.class));
  }

  @Test
  void intercept_interruptedCaller_stopsAndKeepsTheFlag() {
    server.enqueueStatuses(503);
    RetryingRequestInterceptor interceptor = RetryingRequestInterceptor.builder(policy(3))
        .withSleeper(nanos -> {
          throw new InterruptedException("stop");
        })
        .build();

    try {
      assertThatThrownBy(() -> get(client(interceptor)))
          .isInstanceOfSatisfying(RetryException.class, e -> assertThat(e.reason()).isEqualTo(StopReason.INTERRUPTED));
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void intercept_interceptorsAfterIt_seeEveryAttempt_thoseBeforeSeeTheCallOnce() {
    server.enqueueStatuses(503, 503);
    AtomicInteger before = new AtomicInteger();
    AtomicInteger after = new AtomicInteger();
    ClientHttpRequestInterceptor countBefore = (request, body, execution) -> {
      before.incrementAndGet();
      return execution.execute(request, body);
    };
    ClientHttpRequestInterceptor countAfter = (request, body, execution) -> {
      after.incrementAndGet();
      request.getHeaders().set("X-Attempt", Integer.toString(after.get()));
      return execution.execute(request, body);
    };

    get(client(countBefore, builder(policy(5)).build(), countAfter));

    assertThat(before).hasValue(1);
    assertThat(after).hasValue(3);
    assertThat(server.requests()).extracting(r -> r.header("X-Attempt")).containsExactly("1", "2", "3");
  }

  @Test
  void intercept_restTemplate_retriesLikeRestClient() {
    server.enqueueStatuses(503, 500);
    RestTemplate template = new RestTemplate(new JdkClientHttpRequestFactory());
    template.getInterceptors().add(builder(policy(5)).build());

    String body = template.getForObject(server.uri("/items"), String.class);

    assertThat(body).isEqualTo("ok");
    assertThat(server.requestCount()).isEqualTo(3);
  }

  @Test
  void intercept_failedBodiesAreReadSoTheConnectionIsReused() {
    server.enqueue(FaultReply.status(503).withBody("busy ".repeat(1000)), FaultReply.status(503).withBody("busy"));

    get(client(builder(policy(5)).build()));

    assertThat(server.requestCount()).isEqualTo(3);
    assertThat(server.connectionCount()).isEqualTo(1);
  }

  @Test
  void builder_invalidStatus_namesTheValue() {
    assertThatThrownBy(() -> RetryingRequestInterceptor.builder(policy(3)).withRetryableStatuses(700))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("700");
  }

  @Test
  void of_naturalGenericForms_compile() {
    RetryPolicy<ClientHttpResponse> typed = RetryPolicy.<ClientHttpResponse>builder()
        .retryIfResult(r -> {
          try {
            return r.getStatusCode().value() == 418;
          } catch (java.io.IOException e) {
            return false;
          }
        })
        .build();
    RetryPolicy<Object> untyped = RetryPolicy.builder().build();

    assertThat(RetryingRequestInterceptor.of(typed).policy()).isSameAs(typed);
    assertThat(RetryingRequestInterceptor.of(untyped).policy()).isSameAs(untyped);
  }

  @Test
  void intercept_resultCondition_retriesAStatusTheRulesDoNot() {
    server.enqueueStatuses(418);
    RetryPolicy<ClientHttpResponse> typed = RetryPolicy.<ClientHttpResponse>builder()
        .withBackoff(Backoff.none())
        .retryIfResult(r -> {
          try {
            return r.getStatusCode().value() == 418;
          } catch (java.io.IOException e) {
            return false;
          }
        })
        .build();

    assertThat(client(RetryingRequestInterceptor.builder(typed).withSleeper(clock::sleep).build()).get()
        .uri(server.uri("/tea")).retrieve().body(String.class)).isEqualTo("ok");
    assertThat(server.requestCount()).isEqualTo(2);
  }

  @Test
  void intercept_restTemplatePost_isNotRetried_andRetryAfterIsFollowedForAGet() {
    server.enqueue(FaultReply.status(503), FaultReply.status(503).withRetryAfter(Duration.ofSeconds(2)));
    RestTemplate template = new RestTemplate(new JdkClientHttpRequestFactory());
    template.getInterceptors().add(builder(policy(3)).build());

    assertThatThrownBy(() -> template.postForObject(server.uri("/orders"), "{}", String.class))
        .isInstanceOf(HttpServerErrorException.ServiceUnavailable.class);
    assertThat(server.requestCount()).isEqualTo(1);

    assertThat(template.getForObject(server.uri("/items"), String.class)).isEqualTo("ok");
    assertThat(server.requestCount()).isEqualTo(3);
    assertThat(clock.sleeps()).singleElement()
        .satisfies(d -> assertThat(d).isBetween(Duration.ofSeconds(2), Duration.ofSeconds(3)));
  }
}
