package io.github.backoff.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.Randoms;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BackoffTelemetryTest {
  private final Sdk sdk = new Sdk();
  private final FakeClock clock = new FakeClock();

  @AfterEach
  void close() {
    sdk.close();
  }

  private Retrier<String> retrier(RetryPolicy<String> policy) {
    return Retrier.builder(policy).withTicker(clock::nanoTime).withSleeper(clock::sleep)
        .withRandom(Randoms.seeded(7)).build();
  }

  private static String flaky(Retrier<String> retrier, int failures) {
    AtomicInteger attempt = new AtomicInteger();
    return retrier.call(() -> {
      if (attempt.incrementAndGet() <= failures) {
        throw new IOException("down");
      }
      return "ok";
    });
  }

  private long calls(String outcome, String reason) {
    Attributes wanted = Attributes.of(RetryMetrics.NAME, "svc", RetryMetrics.OUTCOME, outcome,
        RetryMetrics.REASON, reason);
    return sdk.metric("backoff.calls").getLongSumData().getPoints().stream()
        .filter(p -> p.getAttributes().equals(wanted)).mapToLong(LongPointData::getValue).sum();
  }

  @Test
  void instrument_runWithKnownOutcomes_recordsExactMetrics() {
    RetryBudget budget = RetryBudget.retryQuota(10, 5, 10);
    RetryPolicy<String> policy = BackoffTelemetry.create(sdk.openTelemetry).instrument("svc",
        RetryPolicy.<String>builder().withBackoff(Backoff.constant(Duration.ofMillis(250))).withMaxAttempts(3)
            .withBudget(budget).build());
    Retrier<String> retrier = retrier(policy);

    flaky(retrier, 0);
    flaky(retrier, 0);
    flaky(retrier, 1);   // 10 - 5 + 5 refunded
    assertThatThrownBy(() -> flaky(retrier, 9)).isInstanceOf(RetryException.class);   // takes all 10
    assertThatThrownBy(() -> flaky(retrier, 9)).isInstanceOf(RetryException.class)    // denied
        .extracting(e -> ((RetryException) e).reason()).isEqualTo(StopReason.BUDGET_DENIED);

    assertThat(calls("success", "none")).isEqualTo(2);
    assertThat(calls("success_after_retry", "none")).isEqualTo(1);
    assertThat(calls("gave_up", "attempts_exhausted")).isEqualTo(1);
    assertThat(calls("gave_up", "budget_denied")).isEqualTo(1);
    MetricData attempts = sdk.metric("backoff.attempts");
    assertThat(attempts.getUnit()).isEqualTo("{attempt}");
    HistogramPointData a = attempts.getHistogramData().getPoints().iterator().next();
    assertThat(a.getCount()).isEqualTo(5);
    assertThat(a.getSum()).isEqualTo(1 + 1 + 2 + 3 + 1);
    assertThat(a.getBoundaries()).containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, 7.0, 10.0);
    MetricData delay = sdk.metric("backoff.retry.delay");
    assertThat(delay.getUnit()).isEqualTo("s");
    HistogramPointData d = delay.getHistogramData().getPoints().iterator().next();
    assertThat(d.getCount()).isEqualTo(3);
    assertThat(d.getSum()).isEqualTo(0.75);
    assertThat(sdk.metric("backoff.budget.available").getDoubleGaugeData().getPoints().iterator().next().getValue())
        .isEqualTo(0.0);
    assertThat(sdk.metric("backoff.budget.denied").getLongSumData().getPoints().iterator().next().getValue())
        .isEqualTo(1);
    assertThat(attempts.getInstrumentationScopeInfo().getName()).isEqualTo("io.github.backoff.opentelemetry");
    assertThat(attempts.getInstrumentationScopeInfo().getVersion()).isEqualTo(BackoffTelemetry.SCOPE_VERSION)
        .matches("\\d+\\.\\d+\\.\\d+.*");
  }

  @Test
  void tracing_retriedCall_addsAnEventPerRetryAndTheAttemptsToTheCurrentSpan() {
    RetryPolicy<String> policy = BackoffTelemetry.create(sdk.openTelemetry).instrument("svc",
        RetryPolicy.<String>builder().withBackoff(Backoff.exponential(Duration.ofMillis(100), 2.0))
            .withMaxAttempts(3).build());
    Span parent = sdk.openTelemetry.getTracer("test").spanBuilder("checkout").startSpan();
    try (Scope ignored = parent.makeCurrent()) {
      flaky(retrier(policy), 2);
    } finally {
      parent.end();
    }

    SpanData span = sdk.spans.getFinishedSpanItems().get(0);
    List<EventData> events = span.getEvents();
    assertThat(events).extracting(EventData::getName).containsExactly("backoff.retry", "backoff.retry");
    assertThat(events.get(0).getAttributes()).isEqualTo(Attributes.of(RetryTracing.ATTEMPT, 1L,
        RetryTracing.DELAY, 0.1, RetryTracing.ERROR_TYPE, "java.io.IOException"));
    assertThat(events.get(1).getAttributes().get(RetryTracing.DELAY)).isEqualTo(0.2);
    assertThat(events.get(1).getAttributes().get(RetryTracing.ATTEMPT)).isEqualTo(2);
    assertThat(span.getAttributes().get(RetryTracing.ATTEMPTS)).isEqualTo(3);
    assertThat(span.getAttributes().get(RetryTracing.STOP_REASON)).isNull();
  }

  @Test
  void tracing_gaveUp_setsTheStopReason() {
    RetryPolicy<String> policy = RetryPolicy.<String>builder().withBackoff(Backoff.none()).withMaxAttempts(2)
        .onEvent(BackoffTelemetry.create(sdk.openTelemetry).tracing()).build();
    Span parent = sdk.openTelemetry.getTracer("test").spanBuilder("checkout").startSpan();
    try (Scope ignored = parent.makeCurrent()) {
      assertThatThrownBy(() -> flaky(retrier(policy), 5)).isInstanceOf(RetryException.class);
    } finally {
      parent.end();
    }

    SpanData span = sdk.spans.getFinishedSpanItems().get(0);
    assertThat(span.getAttributes().get(RetryTracing.STOP_REASON)).isEqualTo("attempts_exhausted");
    assertThat(span.getAttributes().get(RetryTracing.ATTEMPTS)).isEqualTo(2);
    assertThat(span.getEvents()).hasSize(1);
  }

  @Test
  void tracing_successAtOnce_leavesTheSpanAlone() {
    RetryPolicy<String> policy = RetryPolicy.<String>builder()
        .onEvent(BackoffTelemetry.create(sdk.openTelemetry).tracing()).build();
    Span parent = sdk.openTelemetry.getTracer("test").spanBuilder("checkout").startSpan();
    try (Scope ignored = parent.makeCurrent()) {
      flaky(retrier(policy), 0);
    } finally {
      parent.end();
    }

    SpanData span = sdk.spans.getFinishedSpanItems().get(0);
    assertThat(span.getAttributes().asMap()).isEmpty();
    assertThat(span.getEvents()).isEmpty();
  }

  @Test
  void create_null_isTheNoopNotTheGlobal() {
    BackoffTelemetry telemetry = BackoffTelemetry.create(null);

    assertThat(telemetry.openTelemetry()).isSameAs(OpenTelemetry.noop());
    Retrier<String> retrier = retrier(telemetry.instrument("svc", RetryPolicy.<String>builder()
        .withBackoff(Backoff.none()).build()));
    assertThat(flaky(retrier, 1)).isEqualTo("ok");
  }

  @Test
  void metrics_blankName_fails() {
    BackoffTelemetry telemetry = BackoffTelemetry.create(sdk.openTelemetry);

    assertThatThrownBy(() -> telemetry.metrics("")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("name must not be blank: \"\"");
    assertThatThrownBy(() -> telemetry.metrics("svc", null)).isInstanceOf(NullPointerException.class)
        .hasMessage("budget");
  }

  @Test
  void errorType_isTheClassNameOrTheStatusOrOther() {
    assertThat(RetryTracing.errorType(new IOException(), null)).isEqualTo("java.io.IOException");
    assertThat(RetryTracing.errorType(null, "empty")).isEqualTo("_OTHER");
    assertThat(AttributeKey.stringKey("error.type")).isEqualTo(RetryTracing.ERROR_TYPE);
  }
}
