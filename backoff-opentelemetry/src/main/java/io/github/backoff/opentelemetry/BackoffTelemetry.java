package io.github.backoff.opentelemetry;

import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.RetryListener;
import io.github.backoff.metrics.RetryMetricNames;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Tracer;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.Properties;

/**
 * OpenTelemetry for Backoff's retries: the metrics of {@code backoff-micrometer} under the same names, through the
 * OpenTelemetry metrics API, and span events on the span that is current when a retry is scheduled.
 *
 * <table>
 *   <caption>Instruments (every one with the attribute {@code name})</caption>
 *   <tr><th>instrument</th><th>type, unit</th><th>what it records</th></tr>
 *   <tr><td>{@code backoff.calls}</td><td>counter, {@code {call}}</td><td>finished calls, with {@code outcome} =
 *       {@code success}, {@code success_after_retry} or {@code gave_up} and {@code reason} = the stop reason in
 *       lower case ({@code none} unless {@code gave_up})</td></tr>
 *   <tr><td>{@code backoff.attempts}</td><td>histogram, {@code {attempt}}</td><td>attempts per finished
 *       call</td></tr>
 *   <tr><td>{@code backoff.retry.delay}</td><td>histogram, {@code s}</td><td>the waits scheduled before
 *       retries</td></tr>
 *   <tr><td>{@code backoff.budget.available}</td><td>gauge</td><td>the policy's budget's level</td></tr>
 *   <tr><td>{@code backoff.budget.denied}</td><td>counter, {@code {retry}}</td><td>retries the budget
 *       denied</td></tr>
 * </table>
 *
 * <p>Traces: each scheduled retry adds an event {@code backoff.retry} to the current span, with
 * {@code backoff.attempt} (the failed attempt), {@code backoff.retry.delay} (seconds) and {@code error.type} (the
 * failure's class name, or the status code of a retried HTTP response); when a call gives up, the span gets
 * {@code backoff.stop_reason} and {@code backoff.attempts}, and {@code backoff.attempts} when it succeeds after a
 * retry. The current span is the caller's for {@code Retrier.call}; for {@code callAsync}, retries run on the
 * scheduler's threads, where no span is current unless the scheduler propagates the context.
 *
 * <p>Names, descriptions, attribute keys and outcomes are core's ({@code io.github.backoff.metrics}), shared with
 * backoff-micrometer.
 *
 * <p>The instrumentation scope is {@value #SCOPE_NAME} with this module's version. Instruments are created when a
 * listener is made ({@link #metrics}), never per call. Immutable and thread-safe.
 *
 * <pre>{@code
 * BackoffTelemetry telemetry = BackoffTelemetry.create(openTelemetry);   // the application's instance
 * RetryPolicy<String> policy = telemetry.instrument("inventory", RetryPolicy.<String>builder()
 *     .withMaxAttempts(4)
 *     .build());
 * }</pre>
 */
public final class BackoffTelemetry {
  /** The instrumentation scope's name. */
  public static final String SCOPE_NAME = "io.github.backoff.opentelemetry";
  /** The instrumentation scope's version: this module's. */
  public static final String SCOPE_VERSION = version();

  private final OpenTelemetry openTelemetry;
  private final Meter meter;
  private final Tracer tracer;

  private BackoffTelemetry(OpenTelemetry openTelemetry) {
    this.openTelemetry = openTelemetry;
    this.meter = openTelemetry.meterBuilder(SCOPE_NAME).setInstrumentationVersion(SCOPE_VERSION).build();
    this.tracer = openTelemetry.tracerBuilder(SCOPE_NAME).setInstrumentationVersion(SCOPE_VERSION).build();
  }

  /**
   * Telemetry through {@code openTelemetry}, the application's instance; {@code null} means none, and gives the
   * no-op implementation (never the global one, which a library must not reach for).
   */
  public static BackoffTelemetry create(OpenTelemetry openTelemetry) {
    return new BackoffTelemetry(openTelemetry == null ? OpenTelemetry.noop() : openTelemetry);
  }

  /** The instance given to {@link #create} (the no-op one if it was null). */
  public OpenTelemetry openTelemetry() {
    return openTelemetry;
  }

  Tracer tracer() {
    return tracer;
  }

  /**
   * A listener that records the metrics of the calls of the policy named {@code name}; its instruments are
   * created now.
   *
   * @throws NullPointerException if {@code name} is null
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public RetryListener<Object> metrics(String name) {
    return new RetryMetrics(meter, checkName(name), null);
  }

  /**
   * Like {@link #metrics(String)}, also observing {@code budget} (give the same one to the policy) for
   * {@code backoff.budget.available} and counting its denials in {@code backoff.budget.denied}. Call it once per
   * name: each call registers one more callback for the gauge, and two would report the level twice.
   *
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public RetryListener<Object> metrics(String name, RetryBudget budget) {
    return new RetryMetrics(meter, checkName(name), Objects.requireNonNull(budget, "budget"));
  }

  /** A listener that adds retry events and the stop reason to the current span. Stateless; share it. */
  public RetryListener<Object> tracing() {
    return RetryTracing.INSTANCE;
  }

  /**
   * {@code policy} with {@link #metrics} (for its budget, if any) and {@link #tracing} as two more listeners.
   *
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public <R> RetryPolicy<R> instrument(String name, RetryPolicy<R> policy) {
    Objects.requireNonNull(policy, "policy");
    RetryListener<Object> metrics = policy.budget().isPresent()
        ? metrics(name, policy.budget().get()) : metrics(name);
    return policy.toBuilder().onEvent(metrics).onEvent(tracing()).build();
  }

  /** The attribute value of {@code reason}: its name in lower case, e.g. {@code attempts_exhausted}. */
  public static String attributeValue(StopReason reason) {
    return RetryMetricNames.reasonValue(reason);
  }

  private static String checkName(String name) {
    return RetryMetricNames.requireName(name);
  }

  private static String version() {
    try (InputStream in = BackoffTelemetry.class.getResourceAsStream("version.properties")) {
      Properties properties = new Properties();
      if (in != null) {
        properties.load(in);
      }
      return properties.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  @Override
  public String toString() {
    return "BackoffTelemetry[" + SCOPE_NAME + " " + SCOPE_VERSION + "]";
  }
}
