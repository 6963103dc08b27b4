package io.github.backoff.opentelemetry;

import io.github.backoff.event.GaveUp;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryListener;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.event.Succeeded;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import java.net.http.HttpResponse;

/** The tracing listener of {@link BackoffTelemetry#tracing}: writes on the current span. Stateless. */
final class RetryTracing implements RetryListener<Object> {
  static final RetryTracing INSTANCE = new RetryTracing();
  /** The span event added for each scheduled retry. */
  static final String RETRY_EVENT = "backoff.retry";
  static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("backoff.attempt");
  static final AttributeKey<Double> DELAY = AttributeKey.doubleKey("backoff.retry.delay");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
  static final AttributeKey<String> STOP_REASON = AttributeKey.stringKey("backoff.stop_reason");
  static final AttributeKey<Long> ATTEMPTS = AttributeKey.longKey("backoff.attempts");

  private RetryTracing() {}

  @Override
  public void onEvent(RetryEvent<?> event) {
    if (event instanceof Succeeded && event.attempt() == 1) {
      return;   // the success path: nothing to say, nothing to look up
    }
    Span span = Span.current();
    if (!span.isRecording()) {
      return;
    }
    if (event instanceof RetryScheduled) {
      RetryScheduled<?> retry = (RetryScheduled<?>) event;
      span.addEvent(RETRY_EVENT, Attributes.of(ATTEMPT, (long) retry.attempt(),
          DELAY, retry.delay().toNanos() / 1e9, ERROR_TYPE, errorType(retry.failure(), retry.result())));
    } else if (event instanceof GaveUp) {
      span.setAttribute(STOP_REASON, BackoffTelemetry.attributeValue(((GaveUp<?>) event).reason()));
      span.setAttribute(ATTEMPTS, (long) event.attempt());
    } else if (event instanceof Succeeded) {
      span.setAttribute(ATTEMPTS, (long) event.attempt());
    }
  }

  /**
   * As the semantic conventions' {@code error.type}: the failure's fully qualified class name; for a retried HTTP
   * response, its status code; for another retried result, {@code _OTHER}.
   */
  static String errorType(Throwable failure, Object result) {
    if (failure != null) {
      return failure.getClass().getName();
    }
    if (result instanceof HttpResponse) {
      return Integer.toString(((HttpResponse<?>) result).statusCode());
    }
    return "_OTHER";
  }

  @Override
  public String toString() {
    return "BackoffTelemetry.tracing()";
  }
}
