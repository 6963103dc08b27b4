package io.github.backoff.httprules;

import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What today's APIs say about their rate limits and quotas, as one table every HTTP client reads through
 * {@link HttpRetryOptions#rateLimitRules()}: the header families that name when to come back, and the marks of a
 * 429 that means "out of quota" rather than "slow down". The defaults ({@link #defaults()}) know:
 *
 * <table>
 *   <caption>Header families, tried in this order after {@code Retry-After}</caption>
 *   <tr><th>family</th><th>reset header(s)</th><th>format</th><th>paired remaining header</th></tr>
 *   <tr><td>{@code retry-after-ms}</td><td>{@code retry-after-ms} (OpenAI, Azure OpenAI)</td>
 *       <td>{@link Format#MILLIS}</td><td>-</td></tr>
 *   <tr><td>{@code openai}</td><td>{@code x-ratelimit-reset-requests}, {@code x-ratelimit-reset-tokens}</td>
 *       <td>{@link Format#GO_DURATION} ({@code 6m0s}, {@code 1s}, {@code 12ms})</td>
 *       <td>{@code x-ratelimit-remaining-requests}, {@code -tokens}</td></tr>
 *   <tr><td>{@code anthropic}</td><td>{@code anthropic-ratelimit-requests-reset}, {@code -tokens-reset},
 *       {@code -input-tokens-reset}, {@code -output-tokens-reset}</td><td>{@link Format#RFC3339_INSTANT}</td>
 *       <td>{@code anthropic-ratelimit-requests-remaining}, ...</td></tr>
 *   <tr><td>{@code ietf}</td><td>{@code RateLimit} (draft-ietf-httpapi-ratelimit-headers)</td>
 *       <td>{@link Format#IETF_RATELIMIT}</td><td>(inside the field: {@code r})</td></tr>
 *   <tr><td>{@code ratelimit-reset}</td><td>{@code RateLimit-Reset}, {@code X-RateLimit-Reset} (GitHub, many SaaS
 *       APIs)</td><td>{@link Format#SECONDS_OR_EPOCH}</td><td>{@code RateLimit-Remaining},
 *       {@code X-RateLimit-Remaining}</td></tr>
 * </table>
 *
 * <p><b>The wait named.</b> A family names a wait for a response whose status is 429 or 503, or whose paired
 * remaining header says {@code 0} (GitHub answers an exhausted limit with 403): the longest of its resets whose
 * remaining header is {@code 0}; if none is {@code 0} (or none is sent), the longest of its valid resets. The first
 * family in the list that names a wait wins; a valid {@code Retry-After} wins over every family. That wait is
 * followed as a {@code Retry-After} is: never shortened, spread above, bounded by the ceiling
 * ({@link HttpRetryOptions#maxRetryAfter()}, default one minute; above it the retries stop at once with
 * {@code StopReason.DELAY_TOO_LONG}) and by the call's deadline (a wait that cannot fit stops at once with
 * {@code TIME_BUDGET_EXHAUSTED}). Garbage in a header is ignored, never an exception.
 *
 * <p><b>Quota, not rate.</b> A 429 is "out of quota" ({@code StopReason.QUOTA_EXHAUSTED}, not retried) when the
 * first {@link #maxBodyChars()} characters of its body contain one of {@link #quotaMarkers()} (default OpenAI's
 * {@code insufficient_quota}, {@code billing_hard_limit_reached}, Gemini's daily {@code PerDay} quota ids,
 * Anthropic's {@code billing_error}), or when the wait it names (a {@code Retry-After} or a family's) is at least
 * {@link #quotaResetAtLeast()} (default one hour) and above the ceiling. The body is looked at only on a 429, and
 * only if the client can read it bounded (see {@code HttpResponseReader.bodyPrefix}).
 *
 * <p><b>One reset for every caller.</b> A wait a call learns this way is shared by all the calls of its client
 * ({@link #sharedReset()}, on by default; {@code io.github.backoff.ratelimit.SharedReset}): they hold their
 * attempts, first attempts included, until the reset plus a spread, and look again before sending, instead of each
 * getting a 429 of its own. A caller whose deadline ends before the reset is not held: it sends, and the server's
 * answer decides.
 *
 * <pre>{@code
 * RateLimitRules rules = RateLimitRules.defaults()
 *     .with(new RateLimitRules.Family("acme", List.of(
 *         new RateLimitRules.Reset("acme-quota-reset", "acme-quota-left", RateLimitRules.Format.SECONDS))))
 *     .withQuotaMarkers("plan_limit_exceeded");
 * HttpRetryOptions options = HttpRetryOptions.builder().withRateLimitRules(rules).build();
 * }</pre>
 *
 * <p>Immutable and thread-safe; each {@code with...} returns a new instance.
 */
public final class RateLimitRules {
  /** The body characters looked at for a quota marker by default: 8192. */
  public static final int DEFAULT_MAX_BODY_CHARS = 8192;
  /** A named wait at least this long (and above the ceiling) marks a quota by default: one hour. */
  public static final Duration DEFAULT_QUOTA_RESET_AT_LEAST = Duration.ofHours(1);
  /**
   * The smallest {@link Format#SECONDS_OR_EPOCH} value read as epoch seconds: 10^9 (2001-09-09). Below it, a value
   * is a number of seconds to wait; no API names a wait of 31 years, and no epoch reset lies before 2001.
   */
  public static final long EPOCH_SECONDS_FROM = 1_000_000_000L;

  private static final RateLimitRules DEFAULTS = new RateLimitRules(List.of(
      new Family("retry-after-ms", List.of(new Reset("retry-after-ms", null, Format.MILLIS))),
      new Family("openai", List.of(
          new Reset("x-ratelimit-reset-requests", "x-ratelimit-remaining-requests", Format.GO_DURATION),
          new Reset("x-ratelimit-reset-tokens", "x-ratelimit-remaining-tokens", Format.GO_DURATION))),
      new Family("anthropic", List.of(
          new Reset("anthropic-ratelimit-requests-reset", "anthropic-ratelimit-requests-remaining",
              Format.RFC3339_INSTANT),
          new Reset("anthropic-ratelimit-tokens-reset", "anthropic-ratelimit-tokens-remaining",
              Format.RFC3339_INSTANT),
          new Reset("anthropic-ratelimit-input-tokens-reset", "anthropic-ratelimit-input-tokens-remaining",
              Format.RFC3339_INSTANT),
          new Reset("anthropic-ratelimit-output-tokens-reset", "anthropic-ratelimit-output-tokens-remaining",
              Format.RFC3339_INSTANT))),
      new Family("ietf", List.of(new Reset("RateLimit", null, Format.IETF_RATELIMIT))),
      new Family("ratelimit-reset", List.of(
          new Reset("RateLimit-Reset", "RateLimit-Remaining", Format.SECONDS_OR_EPOCH),
          new Reset("X-RateLimit-Reset", "X-RateLimit-Remaining", Format.SECONDS_OR_EPOCH)))),
      List.of("insufficient_quota", "billing_hard_limit_reached", "billing_error", "PerDay"),
      DEFAULT_QUOTA_RESET_AT_LEAST, DEFAULT_MAX_BODY_CHARS);
  private static final RateLimitRules NONE = new RateLimitRules(List.of(), List.of(), DEFAULT_QUOTA_RESET_AT_LEAST,
      0);

  private final List<Family> families;
  private final List<String> quotaMarkers;
  private final Duration quotaResetAtLeast;
  private final int maxBodyChars;
  private final boolean sharedReset;

  private RateLimitRules(List<Family> families, List<String> quotaMarkers, Duration quotaResetAtLeast,
      int maxBodyChars) {
    this(families, quotaMarkers, quotaResetAtLeast, maxBodyChars, true);
  }

  private RateLimitRules(List<Family> families, List<String> quotaMarkers, Duration quotaResetAtLeast,
      int maxBodyChars, boolean sharedReset) {
    this.families = List.copyOf(families);
    this.quotaMarkers = List.copyOf(quotaMarkers);
    this.quotaResetAtLeast = quotaResetAtLeast;
    this.maxBodyChars = maxBodyChars;
    this.sharedReset = sharedReset;
  }

  /**
   * Whether a client shares a reset one call learned with all its calls ({@code SharedReset}; default true): after
   * a 429 naming a wait, the client's other calls wait for the same reset instead of each getting a 429 of its own.
   */
  public boolean sharedReset() {
    return sharedReset;
  }

  /**
   * These rules with the client's calls sharing a learned reset ({@code true}, the default) or each finding it out
   * for itself ({@code false}).
   */
  public RateLimitRules withSharedReset(boolean shared) {
    return new RateLimitRules(families, quotaMarkers, quotaResetAtLeast, maxBodyChars, shared);
  }

  /** The known APIs' families and quota markers (see the class description); the options' default. */
  public static RateLimitRules defaults() {
    return DEFAULTS;
  }

  /** No family and no quota marker: only {@code Retry-After} (and a configured millisecond hint) is read. */
  public static RateLimitRules none() {
    return NONE;
  }

  /** The header families, in the order they are tried. */
  public List<Family> families() {
    return families;
  }

  /** The strings whose presence in a 429's body marks an exhausted quota. */
  public List<String> quotaMarkers() {
    return quotaMarkers;
  }

  /** The shortest named wait (above the ceiling) that marks an exhausted quota. */
  public Duration quotaResetAtLeast() {
    return quotaResetAtLeast;
  }

  /** How many characters of a 429's body are looked at for a quota marker; 0 reads no body. */
  public int maxBodyChars() {
    return maxBodyChars;
  }

  /**
   * These rules with {@code family} tried after the present ones.
   *
   * @throws NullPointerException if {@code family} is null
   */
  public RateLimitRules with(Family family) {
    Checks.requireNonNull(family, "family");
    List<Family> more = new ArrayList<>(families);
    more.add(family);
    return new RateLimitRules(more, quotaMarkers, quotaResetAtLeast, maxBodyChars, sharedReset);
  }

  /**
   * These rules with {@code markers} added to the quota markers (matched case-sensitively, as substrings).
   *
   * @throws NullPointerException if {@code markers} or one of them is null
   * @throws IllegalArgumentException if a marker is empty
   */
  public RateLimitRules withQuotaMarkers(String... markers) {
    Checks.requireNonNull(markers, "markers");
    List<String> more = new ArrayList<>(quotaMarkers);
    for (String m : markers) {
      Checks.requireNonNull(m, "markers[i]");
      Checks.requireArgument(!m.isEmpty(), "a quota marker must not be empty");
      more.add(m);
    }
    return new RateLimitRules(families, more, quotaResetAtLeast, maxBodyChars, sharedReset);
  }

  /**
   * These rules with {@code atLeast} as the shortest named wait that marks an exhausted quota.
   *
   * @throws IllegalArgumentException if {@code atLeast} is negative
   */
  public RateLimitRules withQuotaResetAtLeast(Duration atLeast) {
    Checks.requireNonNull(atLeast, "atLeast");
    Checks.requireArgument(!atLeast.isNegative(), "atLeast must not be negative: %s", atLeast);
    return new RateLimitRules(families, quotaMarkers, atLeast, maxBodyChars, sharedReset);
  }

  /**
   * These rules looking at the first {@code maxChars} characters of a 429's body (0: never read a body).
   *
   * @throws IllegalArgumentException if {@code maxChars} is negative or above 1 MiB
   */
  public RateLimitRules withMaxBodyChars(int maxChars) {
    Checks.requireArgument(maxChars >= 0 && maxChars <= 1 << 20, "maxChars must be in 0..1048576: %s", maxChars);
    return new RateLimitRules(families, quotaMarkers, quotaResetAtLeast, maxChars, sharedReset);
  }

  /**
   * The wait the first family that names one asks for (see the class description), or empty.
   *
   * @param status the response's status
   * @param header the response's headers by name (case-insensitive), null when absent
   * @param now the wall clock's now, for the instants and epoch seconds
   * @throws NullPointerException if {@code header} or {@code now} is null
   */
  public Optional<Duration> namedWait(int status, Function<String, String> header, Instant now) {
    Objects.requireNonNull(header, "header");
    Objects.requireNonNull(now, "now");
    boolean throttled = HttpRetryRules.honoursRetryAfter(status);
    // Indexed loops here and in Family: an iterator per call is what a failed attempt allocated most (escape
    // analysis does not remove it), read on every retried response.
    for (int i = 0; i < families.size(); i++) {
      Optional<Duration> wait = families.get(i).namedWait(throttled, header, now);
      if (wait.isPresent()) {
        return wait;
      }
    }
    return Optional.empty();
  }

  /**
   * Whether a response means "out of quota": a 429 whose body (first {@link #maxBodyChars()} characters, read only
   * here) holds a quota marker, or whose named wait ({@code namedWait}, a {@code Retry-After} or a family's) is at
   * least {@link #quotaResetAtLeast()} and above {@code ceiling}.
   *
   * @param status the response's status
   * @param namedWait the wait the response names, if any
   * @param ceiling the longest named wait followed ({@link HttpRetryOptions#maxRetryAfter()})
   * @param body the body's first characters, or null if the client cannot read them; called at most once, on a 429
   */
  public boolean isQuotaExhausted(int status, Optional<Duration> namedWait, Duration ceiling,
      Supplier<String> body) {
    if (status != 429) {
      return false;
    }
    if (namedWait.isPresent() && namedWait.get().compareTo(ceiling) > 0
        && namedWait.get().compareTo(quotaResetAtLeast) >= 0) {
      return true;
    }
    if (quotaMarkers.isEmpty() || maxBodyChars == 0) {
      return false;
    }
    String text = body.get();
    if (text == null) {
      return false;
    }
    if (text.length() > maxBodyChars) {
      text = text.substring(0, maxBodyChars);
    }
    for (String m : quotaMarkers) {
      if (text.contains(m)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    List<String> names = new ArrayList<>();
    families.forEach(f -> names.add(f.name()));
    return "RateLimitRules[families=" + names + ", quotaMarkers=" + quotaMarkers + ", quotaResetAtLeast="
        + quotaResetAtLeast + ", maxBodyChars=" + maxBodyChars + ", sharedReset=" + sharedReset + "]";
  }

  /**
   * One API's rate-limit headers: its resets, each maybe paired with a remaining header.
   *
   * @param name a name for docs and {@code toString}
   * @param resets the reset headers, at least one
   */
  public record Family(String name, List<Reset> resets) {
    /**
     * @throws NullPointerException if an argument or a reset is null
     * @throws IllegalArgumentException if {@code resets} is empty
     */
    public Family {
      Checks.requireNonNull(name, "name");
      resets = List.copyOf(Checks.requireNonNull(resets, "resets"));
      Checks.requireArgument(!resets.isEmpty(), "a family needs at least one reset: %s", name);
    }

    /**
     * The wait this family names for a response: the longest reset whose remaining header is 0, else (on a
     * throttling status only) the longest valid reset; empty if none applies.
     */
    Optional<Duration> namedWait(boolean throttled, Function<String, String> header, Instant now) {
      Duration exhausted = null;
      Duration any = null;
      for (int i = 0; i < resets.size(); i++) {
        Reset r = resets.get(i);
        String value = header.apply(r.header());
        if (value == null) {
          continue;
        }
        Optional<Duration> wait = r.format().parse(value, now);
        if (wait.isEmpty()) {
          continue;
        }
        Duration w = wait.get();
        any = any == null || w.compareTo(any) > 0 ? w : any;
        if (r.remainingHeader() != null && isZero(header.apply(r.remainingHeader()))) {
          exhausted = exhausted == null || w.compareTo(exhausted) > 0 ? w : exhausted;
        }
      }
      if (exhausted != null) {
        return Optional.of(exhausted);
      }
      return throttled ? Optional.ofNullable(any) : Optional.empty();
    }

    private static boolean isZero(String remaining) {
      return remaining != null && RetryAfter.parseWholeNumber(RetryAfter.trim(remaining)) == 0;
    }
  }

  /**
   * One reset header.
   *
   * @param header the header that names the reset
   * @param remainingHeader the header that says how many requests or tokens are left, or null
   * @param format how the reset is written
   */
  public record Reset(String header, String remainingHeader, Format format) {
    /**
     * @throws NullPointerException if {@code header} or {@code format} is null
     * @throws IllegalArgumentException if a header name is not an HTTP token
     */
    public Reset {
      HttpRetryRules.requireHeaderName(header);
      if (remainingHeader != null) {
        HttpRetryRules.requireHeaderName(remainingHeader);
      }
      Checks.requireNonNull(format, "format");
    }
  }

  /** How a reset header is written. Each parser returns empty for anything invalid, never throws. */
  public enum Format {
    /** Whole seconds to wait: {@code 30}. */
    SECONDS {
      @Override
      public Optional<Duration> parse(String value, Instant now) {
        long s = RetryAfter.parseWholeNumber(RetryAfter.trim(value));
        return s < 0 ? Optional.empty() : Optional.of(Duration.ofSeconds(s));
      }
    },
    /** Milliseconds to wait, whole or decimal: {@code 1500}, {@code 20.5}. */
    MILLIS {
      @Override
      public Optional<Duration> parse(String value, Instant now) {
        long nanos = decimal(RetryAfter.trim(value), 1_000_000L);
        return nanos < 0 ? Optional.empty() : Optional.of(Duration.ofNanos(nanos));
      }
    },
    /**
     * A Go duration, as OpenAI writes its resets: one or more decimal numbers each with a unit ({@code h},
     * {@code m}, {@code s}, {@code ms}, {@code us}, {@code µs}, {@code ns}), e.g. {@code 6m0s}, {@code 1.5s},
     * {@code 12ms}; or {@code 0}. No sign.
     */
    GO_DURATION {
      @Override
      public Optional<Duration> parse(String value, Instant now) {
        long nanos = goDuration(RetryAfter.trim(value));
        return nanos < 0 ? Optional.empty() : Optional.of(Duration.ofNanos(nanos));
      }
    },
    /**
     * An RFC 3339 instant, as Anthropic writes its resets: {@code 2026-11-27T12:00:30Z}; the wait until then, zero
     * if it has passed.
     */
    RFC3339_INSTANT {
      @Override
      public Optional<Duration> parse(String value, Instant now) {
        try {
          Instant at = OffsetDateTime.parse(RetryAfter.trim(value).toUpperCase(Locale.ROOT),
              DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
          return Optional.of(at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO);
        } catch (DateTimeException | ArithmeticException e) {
          return Optional.empty();
        }
      }
    },
    /**
     * Whole seconds to wait, or an epoch second to wait for, told apart by size: a value of at least
     * {@link #EPOCH_SECONDS_FROM 10^9} is an epoch second (GitHub's {@code X-RateLimit-Reset}), the wait until then
     * (zero if it has passed); a smaller one is seconds (the IETF draft's {@code RateLimit-Reset}).
     */
    SECONDS_OR_EPOCH {
      @Override
      public Optional<Duration> parse(String value, Instant now) {
        long s = RetryAfter.parseWholeNumber(RetryAfter.trim(value));
        if (s < 0) {
          return Optional.empty();
        }
        if (s < EPOCH_SECONDS_FROM) {
          return Optional.of(Duration.ofSeconds(s));
        }
        long nowSeconds = now.getEpochSecond();
        long left = nowSeconds < 0 && s > Long.MAX_VALUE + nowSeconds ? Long.MAX_VALUE : s - nowSeconds;
        return Optional.of(left <= 0 ? Duration.ZERO : Duration.ofSeconds(left));
      }
    },
    /**
     * The IETF {@code RateLimit} field (draft-ietf-httpapi-ratelimit-headers, a structured-field list): items such
     * as {@code "default";r=0;t=30}, each with {@code r} (remaining) and {@code t} (seconds to reset); the wait is
     * the longest {@code t} of the items with {@code r=0}, else the longest {@code t}. The draft's older dictionary
     * form {@code limit=100, remaining=0, reset=30} is read too. Unknown parameters are skipped; an item or member
     * that is not well formed makes the whole field invalid.
     */
    IETF_RATELIMIT {
      @Override
      public Optional<Duration> parse(String value, Instant now) {
        long seconds = ietfRateLimit(value);
        return seconds < 0 ? Optional.empty() : Optional.of(Duration.ofSeconds(seconds));
      }
    };

    /**
     * The wait {@code value} names, or empty if it is not valid in this format.
     *
     * @param value the header's value
     * @param now the wall clock's now (for instants and epoch seconds)
     * @throws NullPointerException if an argument is null
     */
    public abstract Optional<Duration> parse(String value, Instant now);
  }

  /** A non-negative decimal ({@code 12}, {@code 1.5}) times {@code unitNanos}, saturated; -1 if malformed. */
  static long decimal(String v, long unitNanos) {
    int dot = v.indexOf('.');
    String whole = dot < 0 ? v : v.substring(0, dot);
    String frac = dot < 0 ? "" : v.substring(dot + 1);
    if ((whole.isEmpty() && frac.isEmpty()) || !RetryAfter.isDigits(whole) || !RetryAfter.isDigits(frac)) {
      return -1;
    }
    long w = whole.isEmpty() ? 0 : RetryAfter.parseWholeNumber(whole);
    long nanos = Durations.multiplySaturated(w, unitNanos);
    long scale = unitNanos;
    for (int i = 0; i < frac.length() && scale > 1; i++) { // digits below a nanosecond are dropped
      scale /= 10;
      nanos = Durations.addSaturated(nanos, (frac.charAt(i) - '0') * scale);
    }
    return nanos;
  }

  /** A Go duration in nanoseconds, saturated; -1 if malformed. */
  static long goDuration(String v) {
    if (v.equals("0")) {
      return 0;
    }
    if (v.isEmpty()) {
      return -1;
    }
    long total = 0;
    int i = 0;
    while (i < v.length()) {
      int start = i;
      while (i < v.length() && (Character.isDigit(v.charAt(i)) && v.charAt(i) < 128 || v.charAt(i) == '.')) {
        i++;
      }
      String number = v.substring(start, i);
      int unitStart = i;
      while (i < v.length() && !(v.charAt(i) >= '0' && v.charAt(i) <= '9') && v.charAt(i) != '.') {
        i++;
      }
      long unit = switch (v.substring(unitStart, i)) {
        case "h" -> 3_600_000_000_000L;
        case "m" -> 60_000_000_000L;
        case "s" -> 1_000_000_000L;
        case "ms" -> 1_000_000L;
        case "us", "\u00b5s", "\u03bcs" -> 1_000L;
        case "ns" -> 1L;
        default -> -1L;
      };
      if (number.isEmpty() || unit < 0) {
        return -1;
      }
      long part = decimal(number, unit);
      if (part < 0) {
        return -1;
      }
      total = Durations.addSaturated(total, part);
    }
    return total;
  }

  /** The IETF {@code RateLimit} field's wait in seconds; -1 if it is malformed or names none. */
  static long ietfRateLimit(String value) {
    long exhausted = -1;
    long any = -1;
    String[] members = value.split(",", -1);
    boolean dictionary = false;
    long dictRemaining = -1;
    long dictReset = -1;
    for (String raw : members) {
      String member = RetryAfter.trim(raw);
      if (member.isEmpty()) {
        return -1;
      }
      if (member.startsWith("\"")) { // a list item: "name";r=..;t=..
        int close = member.indexOf('"', 1);
        if (close < 0) {
          return -1;
        }
        long r = -1;
        long t = -1;
        String params = member.substring(close + 1);
        if (!params.isEmpty() && params.charAt(0) != ';') {
          return -1;
        }
        for (String p : params.isEmpty() ? new String[0] : params.substring(1).split(";", -1)) {
          String param = RetryAfter.trim(p);
          int eq = param.indexOf('=');
          if (eq <= 0) {
            return -1;
          }
          String key = param.substring(0, eq);
          long n = RetryAfter.parseWholeNumber(param.substring(eq + 1));
          if (key.equals("r")) {
            r = n;
          } else if (key.equals("t")) {
            if (n < 0) {
              return -1;
            }
            t = n;
          }
        }
        if (t >= 0) {
          any = Math.max(any, t);
          if (r == 0) {
            exhausted = Math.max(exhausted, t);
          }
        }
      } else { // the older dictionary form: limit=10, remaining=0, reset=30
        int eq = member.indexOf('=');
        if (eq <= 0) {
          return -1;
        }
        dictionary = true;
        String key = RetryAfter.trim(member.substring(0, eq)).toLowerCase(Locale.ROOT);
        long n = RetryAfter.parseWholeNumber(RetryAfter.trim(member.substring(eq + 1)));
        if (key.equals("remaining")) {
          dictRemaining = n;
        } else if (key.equals("reset")) {
          if (n < 0) {
            return -1;
          }
          dictReset = n;
        }
      }
    }
    if (dictionary && dictReset >= 0) {
      any = Math.max(any, dictReset);
      if (dictRemaining == 0) {
        exhausted = Math.max(exhausted, dictReset);
      }
    }
    return exhausted >= 0 ? exhausted : any;
  }
}
