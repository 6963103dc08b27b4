package io.github.backoff.micrometer;

import io.github.backoff.RetryPolicy;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.RetryListener;
import io.github.backoff.metrics.CallOutcome;
import io.github.backoff.metrics.RetryMetricNames;
import io.github.backoff.metrics.RetryMetricsListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Micrometer metrics for the retried calls of one policy, identified by a name: a {@link MeterBinder} that is also
 * the {@link RetryListener} feeding its meters.
 *
 * <table>
 *   <caption>Meters (every one tagged {@code name})</caption>
 *   <tr><th>meter</th><th>type</th><th>what it counts</th></tr>
 *   <tr><td>{@value #CALLS}</td><td>counter</td><td>finished calls, tagged {@code outcome} = {@code success},
 *       {@code success_after_retry} or {@code gave_up}, and {@code reason} = the {@link StopReason} in lower case
 *       for {@code gave_up} ({@code none} otherwise)</td></tr>
 *   <tr><td>{@value #ATTEMPTS}</td><td>distribution summary, base unit {@code attempts}</td><td>attempts per
 *       finished call</td></tr>
 *   <tr><td>{@value #RETRY_DELAY}</td><td>timer</td><td>the waits scheduled before retries (one per
 *       retry)</td></tr>
 *   <tr><td>{@value #BUDGET_AVAILABLE}</td><td>gauge</td><td>{@link RetryBudget#available()} of the policy's
 *       budget, if it has one</td></tr>
 *   <tr><td>{@value #BUDGET_DENIED}</td><td>counter</td><td>retries the budget denied (calls that gave up with
 *       {@link StopReason#BUDGET_DENIED}), if the policy has a budget</td></tr>
 * </table>
 *
 * <p>Names, descriptions, tags and the outcome classification are core's ({@link RetryMetricNames},
 * {@link CallOutcome}), shared with backoff-opentelemetry and the Spring Boot starter.
 *
 * <p>All meters are created when the binder is bound ({@link #bindTo}), never per call; tags have bounded
 * cardinality (never an exception message or a URL). Until it is bound, the listener does nothing. Once bound, each
 * event updates pre-created meters without allocating. One instance may be bound to several registries; a
 * policy's listeners are called concurrently by all its calls, and this class is thread-safe.
 *
 * <pre>{@code
 * RetryPolicy<String> policy = BackoffMetrics.bind(registry, "inventory", RetryPolicy.<String>builder()
 *     .withMaxAttempts(4)
 *     .withBudget(RetryBudget.tokenBucket(100, 0.1))
 *     .build());
 * String stock = Retrier.of(policy).call(() -> inventory.fetch(sku));
 * }</pre>
 *
 * <p>Or, step by step (for a framework that binds every {@code MeterBinder} it finds):
 *
 * <pre>{@code
 * BackoffMetrics metrics = BackoffMetrics.of("inventory").withBudget(budget);
 * RetryPolicy<String> policy = RetryPolicy.<String>builder().withBudget(budget).onEvent(metrics).build();
 * metrics.bindTo(registry);
 * }</pre>
 */
public final class BackoffMetrics implements MeterBinder, RetryMetricsListener {
  /** The counter of finished calls. */
  public static final String CALLS = RetryMetricNames.CALLS;
  /** The distribution summary of attempts per finished call. */
  public static final String ATTEMPTS = RetryMetricNames.ATTEMPTS;
  /** The timer of the waits scheduled before retries. */
  public static final String RETRY_DELAY = RetryMetricNames.RETRY_DELAY;
  /** The gauge of the budget's level. */
  public static final String BUDGET_AVAILABLE = RetryMetricNames.BUDGET_AVAILABLE;
  /** The counter of retries the budget denied. */
  public static final String BUDGET_DENIED = RetryMetricNames.BUDGET_DENIED;

  private final String name;
  private final Tags tags;
  private final RetryBudget budget;
  /** One entry per registry bound; replaced, never changed, so events read it without locking. */
  private volatile Meters[] bound = new Meters[0];

  private BackoffMetrics(String name, Tags tags, RetryBudget budget) {
    this.name = name;
    this.tags = tags;
    this.budget = budget;
  }

  /**
   * Unbound metrics for the calls of the policy named {@code name} (the {@code name} tag: a few per application,
   * such as the downstream service's name).
   *
   * @throws NullPointerException if {@code name} is null
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public static BackoffMetrics of(String name) {
    return new BackoffMetrics(RetryMetricNames.requireName(name), Tags.of(RetryMetricNames.TAG_NAME, name), null);
  }

  /**
   * Binds metrics named {@code name} to {@code registry} and returns {@code policy} with them as one more listener;
   * the budget gauges are registered if the policy has a budget.
   *
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public static <R> RetryPolicy<R> bind(MeterRegistry registry, String name, RetryPolicy<R> policy) {
    Objects.requireNonNull(registry, "registry");
    Objects.requireNonNull(policy, "policy");
    return bind(registry, name, policy.toBuilder()).build();
  }

  /**
   * Binds metrics named {@code name} to {@code registry} and adds them to {@code builder} as a listener; the budget
   * gauges are registered for the budget the builder has now, if any (so call it after
   * {@link RetryPolicyBuilder#withBudget}).
   *
   * @return {@code builder}
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public static <R> RetryPolicyBuilder<R> bind(MeterRegistry registry, String name, RetryPolicyBuilder<R> builder) {
    Objects.requireNonNull(registry, "registry");
    Objects.requireNonNull(builder, "builder");
    BackoffMetrics metrics = of(name);
    // build() copies and has no side effect: the only way to read the builder's budget.
    RetryBudget current = builder.build().budget().orElse(null);
    if (current != null) {
      metrics = metrics.withBudget(current);
    }
    metrics.bindTo(registry);
    return builder.onEvent(metrics);
  }

  /**
   * Unbound metrics like these that also publish {@value #BUDGET_AVAILABLE} and {@value #BUDGET_DENIED} for
   * {@code budget}: give the same budget to the policy.
   *
   * @throws NullPointerException if {@code budget} is null
   * @throws IllegalStateException if this instance is already bound
   */
  public BackoffMetrics withBudget(RetryBudget budget) {
    Objects.requireNonNull(budget, "budget");
    requireUnbound("withBudget");
    return new BackoffMetrics(name, tags, budget);
  }

  /**
   * Unbound metrics like these with {@code extra} tags on every meter (bounded values only, such as a region).
   * Give every policy the same extra tag keys: some registries (Prometheus's) require one set of tag keys per
   * meter name.
   *
   * @throws NullPointerException if {@code extra} is null
   * @throws IllegalStateException if this instance is already bound
   */
  public BackoffMetrics withTags(Iterable<Tag> extra) {
    Objects.requireNonNull(extra, "extra");
    requireUnbound("withTags");
    return new BackoffMetrics(name, tags.and(extra), budget);
  }

  private void requireUnbound(String method) {
    if (bound.length != 0) {
      throw new IllegalStateException(method + " must be called before bindTo: \"" + name + "\" is bound");
    }
  }

  /** The {@code name} tag. */
  public String name() {
    return name;
  }

  /**
   * Registers the meters in {@code registry} (once per registry: a second call for the same registry changes
   * nothing). From then on each event updates them.
   *
   * @throws NullPointerException if {@code registry} is null
   */
  @Override
  public void bindTo(MeterRegistry registry) {
    Objects.requireNonNull(registry, "registry");
    synchronized (this) {
      Meters[] current = bound;
      for (Meters m : current) {
        if (m.registry == registry) {
          return;
        }
      }
      Meters[] next = Arrays.copyOf(current, current.length + 1);
      next[current.length] = new Meters(registry, tags, budget);
      bound = next;
    }
  }

  @Override
  public void callFinished(CallOutcome outcome, int attempts) {
    Meters[] meters = bound;
    for (Meters m : meters) {
      m.calls[outcome.index()].increment();
      m.attempts.record(attempts);
      if (outcome.isBudgetDenied() && m.budgetDenied != null) {
        m.budgetDenied.increment();
      }
    }
  }

  @Override
  public void retryScheduled(long delayNanos) {
    Meters[] meters = bound;
    for (Meters m : meters) {
      m.retryDelay.record(delayNanos, TimeUnit.NANOSECONDS);
    }
  }

  /** The tag value of {@code reason}: its name in lower case, e.g. {@code attempts_exhausted}. */
  public static String tagValue(StopReason reason) {
    return RetryMetricNames.reasonValue(reason);
  }

  @Override
  public String toString() {
    return "BackoffMetrics[" + name + (budget == null ? "" : ", with budget") + ", bound to " + bound.length
        + (bound.length == 1 ? " registry]" : " registries]");
  }

  /** The meters of one registry, created at once. */
  private static final class Meters {
    final MeterRegistry registry;
    /** By {@link CallOutcome#index()}. */
    final Counter[] calls = new Counter[CallOutcome.all().size()];
    final DistributionSummary attempts;
    final Timer retryDelay;
    final Counter budgetDenied;

    Meters(MeterRegistry registry, Tags tags, RetryBudget budget) {
      this.registry = registry;
      for (CallOutcome outcome : CallOutcome.all()) {
        calls[outcome.index()] = Counter.builder(CALLS).tags(tags)
            .tag(RetryMetricNames.TAG_OUTCOME, outcome.outcome()).tag(RetryMetricNames.TAG_REASON, outcome.reason())
            .description(RetryMetricNames.CALLS_DESCRIPTION).register(registry);
      }
      attempts = DistributionSummary.builder(ATTEMPTS).tags(tags).baseUnit("attempts")
          .description(RetryMetricNames.ATTEMPTS_DESCRIPTION).register(registry);
      retryDelay = Timer.builder(RETRY_DELAY).tags(tags)
          .description(RetryMetricNames.RETRY_DELAY_DESCRIPTION).register(registry);
      if (budget != null) {
        // A strong reference: the gauge must not turn NaN because the policy holding the budget was collected
        // while the registry still publishes it.
        Gauge.builder(BUDGET_AVAILABLE, budget, RetryBudget::available).tags(tags).strongReference(true)
            .description(RetryMetricNames.BUDGET_AVAILABLE_DESCRIPTION).register(registry);
        budgetDenied = Counter.builder(BUDGET_DENIED).tags(tags)
            .description(RetryMetricNames.BUDGET_DENIED_DESCRIPTION).register(registry);
      } else {
        budgetDenied = null;
      }
    }
  }
}
