package io.github.backoff.internal;

import io.github.backoff.Sleeper;
import io.github.backoff.Ticker;
import io.github.backoff.httprules.HttpRetryDelays;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryRules;
import io.github.backoff.httprules.RateLimitRules;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.random.RandomGenerator;

/**
 * The HTTP options as a builder collects them, each declared once here with its default (Failsafe's
 * {@code RetryPolicyConfig} shape): {@code HttpRetryBuilder}'s setters write into one instance, {@code build()}
 * copies it into an immutable {@link HttpRetryOptions}, whose accessors read the copy, and {@code toBuilder()} starts
 * from a copy of it. It also remembers which options were set, so that a second set of one is refused
 * ({@link #claim}).
 *
 * <p>Here, not in {@code httprules}, because the builder lives in {@code httprules.spi} and the options in
 * {@code httprules}: {@link HttpRetryOptions} registers its constructor and its accessor ({@link #register}), the way
 * the JDK's {@code SharedSecrets} cross packages, so neither has to be public.
 *
 * <p>Not thread-safe: a builder confines it to one thread; a copy inside {@link HttpRetryOptions} is never written.
 */
public final class HttpRetryConfig implements Cloneable {
  public Set<Integer> retryableStatuses = HttpRetryRules.DEFAULT_RETRYABLE_STATUSES;
  /** The methods retried; {@code null} for every method. */
  public Set<String> retryableMethods = HttpRetryRules.IDEMPOTENT_METHODS;
  public Duration maxRetryAfter = HttpRetryDelays.DEFAULT_MAX_RETRY_AFTER;
  /** The millisecond hint header, or {@code null} for none. */
  public String retryAfterMillisHeader;
  public Duration maxHintAboveBackoff = HttpRetryDelays.DEFAULT_MAX_HINT_ABOVE_BACKOFF;
  public boolean defaultBudget = true;
  public RateLimitRules rateLimitRules = RateLimitRules.defaults();
  public Clock clock = Clock.systemUTC();
  public Ticker ticker = Ticker.SYSTEM;
  public Sleeper sleeper = Sleeper.SYSTEM;
  /** The scheduler, or {@code null} for the core's shared one. */
  public ScheduledExecutorService scheduler;
  /** The random source, or {@code null} for {@code ThreadLocalRandom}. */
  public RandomGenerator random;

  /** The options set since this config was made or copied, with the value each was set to. */
  private Map<String, Object> set = new HashMap<>();

  /** How {@link HttpRetryOptions} is made from a config and read back; registered by its static initializer. */
  public interface Access {
    /** New options holding {@code config}, which the caller hands over. */
    HttpRetryOptions create(HttpRetryConfig config);

    /** The config {@code options} hold, never to be written. */
    HttpRetryConfig configOf(HttpRetryOptions options);
  }

  private static volatile Access access;

  /** Called once, by {@link HttpRetryOptions}'s static initializer. */
  public static void register(Access a) {
    access = a;
  }

  private static Access access() {
    Access a = access;
    if (a == null) {
      HttpRetryOptions.defaults(); // runs HttpRetryOptions's static initializer, which registers
      a = access;
    }
    return a;
  }

  /** The default config. */
  public HttpRetryConfig() {}

  /**
   * A copy of {@code options}' config, with no option counted as set: a builder derived from options may change any
   * of them once.
   */
  public static HttpRetryConfig of(HttpRetryOptions options) {
    HttpRetryConfig copy = access().configOf(Checks.requireNonNull(options, "options")).copy();
    copy.set = new HashMap<>();
    return copy;
  }

  /** Immutable options holding a copy of this config. */
  public HttpRetryOptions toOptions() {
    return access().create(copy());
  }

  /** A copy, which remembers the same options as set. */
  public HttpRetryConfig copy() {
    try {
      HttpRetryConfig c = (HttpRetryConfig) super.clone(); // every option is an immutable value or shared
      c.set = new HashMap<>(set);
      return c;
    } catch (CloneNotSupportedException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * Records that {@code option} is being set to {@code value}; call it after validating the value, before writing it.
   *
   * @throws IllegalStateException if {@code option} was set before, naming it and its value
   */
  public void claim(String option, Object value) {
    if (set.containsKey(option)) {
      throw new IllegalStateException(option + " was already set to " + set.get(option)
          + "; each option may be set once per builder (refused: " + value + ")");
    }
    set.put(option, value);
  }
}
