package io.github.backoff.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.testing.EventRecorder;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.io.IOException;
import java.util.function.UnaryOperator;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;


/**
 * The default retry budget (the AWS SDKs' 2026 quota, one per interceptor), counted at a real loopback server that
 * always refuses: 500 units, 14 per retry after a 5xx, 5 per retry after a 429 (the throttling kind). Each call
 * makes up to 3 attempts (the fixture policy) in virtual time, one after another. The refusals have no body: the
 * JDK's server writes a body separately from the headers, which costs each exchange ~40 ms of delayed ACK.
 */
class RetryInterceptorBudgetTest {
  private final FakeClock clock = new FakeClock();
  private final EventRecorder<RetryEvent<?>> events = new EventRecorder<>();
  private FaultServer server;

  @BeforeEach
  void start() throws IOException {
    server = FaultServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void intercept_serverAlways503_defaultBudgetAllows35RetriesThenStopsWithBudgetDenied() throws IOException {
    server.dispatch(r -> FaultReply.status(503));

    HttpRetryOutcome<Response> last = run(40, b -> b);

    // 500 / 14 = 35 retries, then every call is sent once.
    assertThat(server.requestCount()).isEqualTo(40 + 35);
    assertThat(last.stopReason().orElseThrow()).isEqualTo(StopReason.BUDGET_DENIED);
    assertThat(last.attempts()).isEqualTo(1);
  }

  @Test
  void intercept_serverAlways429_throttlingRetriesCostLessSoMoreAreAllowed() throws IOException {
    server.dispatch(r -> FaultReply.status(429));

    HttpRetryOutcome<Response> last = run(60, b -> b);

    // 500 / 5 = 100 retries of the 120 that 60 calls of 3 attempts would make.
    assertThat(server.requestCount()).isEqualTo(60 + 100);
    assertThat(last.stopReason().orElseThrow()).isEqualTo(StopReason.BUDGET_DENIED);
    assertThat(events.ofType(RetryScheduled.class)).extracting(RetryScheduled<?>::kind).containsOnly(RetryInterceptor.THROTTLING_KIND);
  }

  @Test
  void intercept_serverAlways503_withoutBudgetEveryCallMakesEveryAttempt() throws IOException {
    server.dispatch(r -> FaultReply.status(503));

    HttpRetryOutcome<Response> last = run(40, RetryInterceptorBuilder::withoutBudget);

    assertThat(server.requestCount()).isEqualTo(40 * 3);
    assertThat(last.stopReason().orElseThrow()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
  }

  @Test
  void intercept_policyWithItsOwnBudget_thatBudgetDecides() throws IOException {
    server.dispatch(r -> FaultReply.status(503));
    RetryPolicy<Response> policy = Fixtures.policy(events).toBuilder()
        .withBudget(RetryBudget.retryQuota(28, 14, 14)).build();
    OkHttpClient client = Fixtures.client(Fixtures.virtual(policy, clock).build()).build();

    for (int i = 0; i < 3; i++) {
      client.newCall(get()).execute().close();
    }

    assertThat(server.requestCount()).isEqualTo(3 + 2); // the policy's 28 units: two retries
  }

  @Test
  void intercept_successesRefillTheDefaultBudget() throws IOException {
    RetryInterceptor interceptor = Fixtures.virtual(Fixtures.policy(events), clock).build();
    OkHttpClient client = Fixtures.client(interceptor).build();
    server.enqueue(FaultReply.status(503));

    client.newCall(get()).execute().close();

    assertThat(server.requestCount()).isEqualTo(2);
    assertThat(interceptor.budget().get().available()).isEqualTo(500.0); // took 14, the success gave them back
  }

  /** Makes {@code calls} calls one after another and returns the last one's outcome. */
  private HttpRetryOutcome<Response> run(int calls, UnaryOperator<RetryInterceptorBuilder> options) throws IOException {
    OkHttpClient client = Fixtures.client(options.apply(Fixtures.virtual(Fixtures.policy(events), clock)).build())
        .build();
    HttpRetryOutcome<Response> last = null;
    for (int i = 0; i < calls; i++) {
      try (Response response = client.newCall(get()).execute()) {
        last = RetryInterceptor.outcomeOf(response).orElseThrow();
      }
    }
    return last;
  }

  private Request get() {
    return new Request.Builder().url(HttpUrl.get(server.uri("/items"))).build();
  }
}
