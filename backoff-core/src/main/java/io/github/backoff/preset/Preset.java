package io.github.backoff.preset;

import io.github.backoff.InvalidParameterException;
import io.github.backoff.NameSuggester;
import io.github.backoff.RetryKind;
import io.github.backoff.RetryPolicy;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.budget.CostClass;
import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.BiPredicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The retry behaviour of a well-known client, reproduced from its documentation or source: the backoff strategy,
 * the attempt and time limits, and the HTTP status codes it retries. Each factory cites its source.
 *
 * <p>Retry numbers follow {@link Backoff}: retry {@code r = 1} is the wait before the second attempt. Status codes
 * are data, for an HTTP integration or a simulator to use; {@link #policyBuilder()} carries over the strategy and
 * the limits, not the status codes, since the core knows nothing of HTTP.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * Preset drive = Preset.byName("google-drive");
 * RetryPolicy<HttpResponse<String>> policy = drive.<HttpResponse<String>>policyBuilder()
 *     .retryIfResult(response -> drive.isRetryableStatus(response.statusCode()))
 *     .build();
 * }</pre>
 */
public final class Preset {
  /** Ethernet's slot time at 10 Mb/s: 512 bit times, 51.2 µs. */
  public static final Duration ETHERNET_SLOT_TIME = Duration.ofNanos(51_200);
  /** The parameters of {@link #truncatedBinary()}: growth stops after 5 retries, at 16 s. */
  public static final int DEFAULT_TRUNCATE_AFTER = 5;
  /** The cap of {@link #truncatedBinary()}: 16 s, reached at retry {@link #DEFAULT_TRUNCATE_AFTER}. */
  public static final Duration DEFAULT_TRUNCATED_BINARY_CAP = Duration.ofSeconds(16);

  /** The name of the {@link RetryKind} that {@link #policyBuilder(BiPredicate)} adds for throttling. */
  public static final String THROTTLING_KIND = "throttling";

  private static final List<Integer> SERVER_ERRORS = range(500, 599);
  /** What the AWS SDKs' standard and legacy modes retry, before and after 2026: throttling and four 5xx. */
  private static final List<Integer> AWS_RETRYABLE_STATUS_CODES = List.of(429, 500, 502, 503, 504);

  private final String name;
  private final String summary;
  private final String source;
  private final Backoff backoff;
  private final Backoff throttlingBackoff;
  private final int maxAttempts;
  private final long maxElapsedNanos;
  private final List<Integer> retryableStatusCodes;

  private Preset(String name, String summary, String source, Backoff backoff, Backoff throttlingBackoff,
      int maxAttempts, long maxElapsedNanos, List<Integer> retryableStatusCodes) {
    this.name = name;
    this.summary = summary;
    this.source = source;
    this.backoff = backoff;
    this.throttlingBackoff = throttlingBackoff;
    this.maxAttempts = maxAttempts;
    this.maxElapsedNanos = maxElapsedNanos;
    this.retryableStatusCodes = retryableStatusCodes.stream().sorted().distinct()
        .collect(Collectors.toUnmodifiableList());
  }

  /**
   * google-http-java-client's {@code ExponentialBackOff} with its defaults: initial interval 500 ms, multiplier
   * 1.5, max interval 60 s, randomization factor 0.5 (the randomization applies to the capped interval, so a wait
   * can reach 90 s), max elapsed time 15 min; {@code HttpRequest}'s default of 10 retries; retries server errors
   * ({@code BackOffRequired.ON_SERVER_ERROR}: 5xx).
   * {@code exponential(500 ms, 1.5).withCap(60 s).withRandomization(0.5)}.
   *
   * <p>Source: googleapis/google-http-java-client, {@code com.google.api.client.util.ExponentialBackOff}
   * ({@code DEFAULT_INITIAL_INTERVAL_MILLIS}, {@code DEFAULT_RANDOMIZATION_FACTOR}, {@code DEFAULT_MULTIPLIER},
   * {@code DEFAULT_MAX_INTERVAL_MILLIS}, {@code DEFAULT_MAX_ELAPSED_TIME_MILLIS}), {@code HttpRequest}
   * ({@code numRetries = 10}) and {@code HttpBackOffUnsuccessfulResponseHandler}.
   */
  public static Preset googleHttpClient() {
    return new Preset("google-http-client",
        "google-http-java-client ExponentialBackOff defaults: 500 ms x1.5 up to 60 s, randomized +-50%, 15 min",
        "googleapis/google-http-java-client: com.google.api.client.util.ExponentialBackOff defaults; "
            + "HttpRequest numRetries = 10; HttpBackOffUnsuccessfulResponseHandler ON_SERVER_ERROR",
        Backoff.exponential(Duration.ofMillis(500), 1.5).withCap(Duration.ofSeconds(60)).withRandomization(0.5),
        null, 11, Duration.ofMinutes(15).toNanos(), SERVER_ERRORS);
  }

  /**
   * Google's documented exponential backoff for its APIs (Drive): wait {@code min(2^(r-1) s + U[0, 1000 ms], 64 s)}
   * before retry {@code r}, at most 5 retries; retry 403 with reason {@code rateLimitExceeded} or
   * {@code userRateLimitExceeded} (the status code alone does not say, so 403 is listed and callers check the
   * reason), 429 and 5xx. {@code exponential(1 s, 2).withAdditiveJitter(1 s).withCap(64 s)}.
   *
   * <p>Source: Google Drive API guide, "Usage limits", section "Exponential backoff", and "Resolve errors"
   * (developers.google.com/drive/api/guides/limits, .../handle-errors).
   */
  public static Preset googleDrive() {
    List<Integer> codes = new ArrayList<>(List.of(403, 429));
    codes.addAll(SERVER_ERRORS);
    return new Preset("google-drive",
        "Google Drive API: min(2^(r-1) s + U[0, 1 s], 64 s), at most 5 retries",
        "Google Drive API guide, Usage limits: Exponential backoff; Resolve errors",
        Backoff.exponential(Duration.ofSeconds(1), 2.0).withAdditiveJitter(Duration.ofSeconds(1))
            .withCap(Duration.ofSeconds(64)),
        null, 6, Long.MAX_VALUE, codes);
  }

  /**
   * Amazon SimpleDB's documented retry logic: before retry {@code r} wait a random delay between 0 and
   * {@code 4^r · 100 ms} (up to 400 ms, 1.6 s, 6.4 s, ...); retry server errors (5xx), never client errors. No
   * attempt limit is documented, so {@link #maxAttempts()} is unlimited: add one. {@code
   * exponential(400 ms, 4).withFullJitter()}.
   *
   * <p>Source: Amazon SimpleDB Developer Guide, "API Error Retries".
   */
  public static Preset awsSimpleDb() {
    return new Preset("aws-simpledb",
        "Amazon SimpleDB: U[0, 1) x 100 ms x 4^r, retry 5xx",
        "Amazon SimpleDB Developer Guide: API Error Retries",
        Backoff.exponential(Duration.ofMillis(400), 4.0).withFullJitter(),
        null, Integer.MAX_VALUE, Long.MAX_VALUE, SERVER_ERRORS);
  }

  /**
   * The AWS SDKs' "standard" retry mode as it was <em>before the 2026 update</em> (see {@link #awsSdk2026()}): full
   * jitter {@code U[0, min(20 s, 100 ms · 2^(r-1))]}, 3 attempts; throttling errors use a base of 1 s
   * ({@link #throttlingBackoff()}). Retries 500, 502, 503, 504 and throttling (429).
   * {@code exponential(100 ms, 2).withCap(20 s).withFullJitter()}. Its retry quota is
   * {@code RetryBudget.retryQuota()}. The base delay before 2026 differed between SDKs (100 ms in Java 2.x and
   * JavaScript v3, 1 s in Go v2 and .NET); this preset follows the Java SDK.
   *
   * <p>Source: AWS SDKs and Tools Reference Guide, "Retry behavior" (standard mode); AWS SDK for Java 2.x
   * {@code SdkDefaultRetrySetting} ({@code BASE_DELAY} 100 ms, {@code THROTTLED_BASE_DELAY} 1 s,
   * {@code MAX_BACKOFF} 20 s, standard max attempts 3, retryable status codes).
   */
  public static Preset awsSdkStandard() {
    return new Preset("aws-sdk-standard",
        "AWS SDK standard mode, behaviour before 2026: full jitter 100 ms x2 up to 20 s (throttling: base 1 s), "
            + "3 attempts",
        "AWS SDKs and Tools Reference Guide: Retry behavior; AWS SDK for Java 2.x SdkDefaultRetrySetting",
        fullJitter(Duration.ofMillis(100)), fullJitter(Duration.ofSeconds(1)),
        3, Long.MAX_VALUE, AWS_RETRYABLE_STATUS_CODES);
  }

  /**
   * The AWS SDKs' "legacy" retry mode (the AWS SDK for Java 2.x default <em>before the 2026 update</em>): full
   * jitter {@code U[0, min(20 s, 100 ms · 2^(r-1))]}, 4 attempts;
   * throttling errors use equal jitter with a base of 500 ms ({@link #throttlingBackoff()}). Retries 500, 502,
   * 503, 504 and throttling (429).
   *
   * <p>Source: AWS SDKs and Tools Reference Guide, "Retry behavior" (legacy mode); AWS SDK for Java 2.x
   * {@code SdkDefaultRetrySetting} ({@code Legacy}: max attempts 4, throttled base delay 500 ms with
   * {@code EqualJitterBackoffStrategy}).
   */
  public static Preset awsSdkLegacy() {
    return new Preset("aws-sdk-legacy",
        "AWS SDK legacy mode, behaviour before 2026: full jitter 100 ms x2 up to 20 s (throttling: equal jitter, "
            + "base 500 ms), 4 attempts",
        "AWS SDKs and Tools Reference Guide: Retry behavior; AWS SDK for Java 2.x SdkDefaultRetrySetting",
        fullJitter(Duration.ofMillis(100)),
        Backoff.exponential(Duration.ofMillis(500), 2.0).withCap(Duration.ofSeconds(20)).withEqualJitter(),
        4, Long.MAX_VALUE, AWS_RETRYABLE_STATUS_CODES);
  }

  /**
   * The AWS SDKs' "standard" retry mode from the 2026 update (opt-in with {@code AWS_NEW_RETRIES_2026=true}, the
   * default no sooner than November 2026): full jitter {@code U[0, min(20 s, 50 ms · 2^(r-1))]} for transient
   * errors, {@code U[0, min(20 s, 1 s · 2^(r-1))]} for throttling errors ({@link #throttlingBackoff()}), the
   * 20 s maximum applied before jitter; 3 attempts; retries 500, 502, 503, 504 and throttling (429). Use it with
   * {@code RetryBudget.retryQuota2026()} (14 units per transient retry, 5 per throttling retry) and
   * {@link #policyBuilder(BiPredicate)}, which tells throttling apart; the SDKs also honour
   * {@code x-amz-retry-after} within {@code [computed, computed + 5 s]} ({@code RetryPolicyBuilder.withDelayHint}).
   *
   * <p>Source: AWS Developer Tools Blog, "Announcing updated retry behavior for AWS SDKs and Tools"; AWS SDKs and
   * Tools Reference Guide, "Retry behavior"; aws/aws-sdk-go-v2 pull request 3400; AWS SDK for Java 2.49.6
   * {@code DefaultRetryStrategy.Standard} ({@code BASE_DELAY_V21} 50 ms, {@code THROTTLED_BASE_DELAY} 1 s,
   * {@code MAX_BACKOFF} 20 s, {@code MAX_ATTEMPTS} 3). Checked against that library by
   * {@code AwsSdkReferenceTest}. docs/aws-2026.md says which SDK version has it.
   */
  public static Preset awsSdk2026() {
    return new Preset("aws-sdk-2026",
        "AWS SDK standard mode from 2026: full jitter 50 ms x2 up to 20 s (throttling: base 1 s), 3 attempts",
        "AWS Developer Tools Blog: Announcing updated retry behavior for AWS SDKs and Tools; AWS SDKs and Tools "
            + "Reference Guide: Retry behavior; aws-sdk-go-v2 PR 3400; AWS SDK for Java 2.49.6 DefaultRetryStrategy",
        fullJitter(Duration.ofMillis(50)), fullJitter(Duration.ofSeconds(1)),
        3, Long.MAX_VALUE, AWS_RETRYABLE_STATUS_CODES);
  }

  /**
   * {@link #awsSdk2026()} as the AWS SDKs apply it to DynamoDB and DynamoDB Streams from the 2026 update: full
   * jitter from a 25 ms base for transient errors ({@code U[0, min(20 s, 25 ms · 2^(r-1))]}), 1 s for throttling,
   * 4 attempts ("the additional attempt keeps the last retry's maximum backoff comparable to the general
   * default"). Same quota, {@code RetryBudget.retryQuota2026()}.
   *
   * <p>Source: aws/aws-sdk-go-v2 pull request 3400 ("DynamoDB and DynamoDB Streams use a 25ms base backoff and 4
   * max attempts"); the SDKs' 2026 announcement issues (e.g. aws/aws-sdk-java-v2 issue 6987: before, 25 ms for
   * both kinds and 9 attempts in Java).
   */
  public static Preset awsDynamoDb2026() {
    return new Preset("aws-dynamodb-2026",
        "AWS SDK standard mode from 2026 for DynamoDB: full jitter 25 ms x2 up to 20 s (throttling: base 1 s), "
            + "4 attempts",
        "aws-sdk-go-v2 PR 3400; AWS SDKs' 2026 retry announcements (DynamoDB and DynamoDB Streams)",
        fullJitter(Duration.ofMillis(25)), fullJitter(Duration.ofSeconds(1)),
        4, Long.MAX_VALUE, AWS_RETRYABLE_STATUS_CODES);
  }

  /**
   * IEEE 802.3 CSMA/CD truncated binary exponential backoff: before retransmission {@code r} wait {@code k} slot
   * times (51.2 µs, 512 bit times at 10 Mb/s), {@code k} a uniform integer in {@code [0, 2^min(r,10) - 1]}; give
   * up after 16 attempts. No HTTP status codes.
   *
   * <p>Built as {@code exponential(2·slot, 2).truncatedAfter(10).withFullJitter().quantizedTo(slot)}: the
   * truncated exponential is {@code t = slot·2^min(r,10)}, full jitter draws {@code floor(t·u)} with {@code u} in
   * {@code [0, 1)}, so below {@code t}, and whole slots of that are {@code k·slot} with {@code k} uniform in
   * {@code [0, 2^min(r,10) - 1]}. {@link Backoff#maxDelayNanos} reports the supremum {@code t} itself, one slot
   * above the largest wait drawn.
   *
   * <p>Source: IEEE Std 802.3, clause 4.2.3.2.5 "Collision handling (half duplex mode only)" and clause 4.4.2
   * ({@code attemptLimit} 16, {@code backoffLimit} 10, {@code slotTime} 512 bit times).
   */
  public static Preset ethernet() {
    return new Preset("ethernet",
        "IEEE 802.3 truncated binary exponential backoff: k x 51.2 us, k in [0, 2^min(r,10) - 1], 16 attempts",
        "IEEE Std 802.3, 4.2.3.2.5 Collision handling; 4.4.2 attemptLimit 16, backoffLimit 10, slotTime 512 bits",
        Backoff.exponential(ETHERNET_SLOT_TIME.multipliedBy(2), 2.0).truncatedAfter(10).withFullJitter()
            .quantizedTo(ETHERNET_SLOT_TIME),
        null, 16, Long.MAX_VALUE, List.of());
  }

  /** The defaults of {@link #grpc()}: gRFC A6's example policy, initial backoff 0.1 s. */
  public static final Duration GRPC_DEFAULT_BASE = Duration.ofMillis(100);
  /** See {@link #GRPC_DEFAULT_BASE}: backoff multiplier 2. */
  public static final double GRPC_DEFAULT_MULTIPLIER = 2.0;
  /** See {@link #GRPC_DEFAULT_BASE}: max backoff 1 s. */
  public static final Duration GRPC_DEFAULT_CAP = Duration.ofSeconds(1);
  /** See {@link #GRPC_DEFAULT_BASE}: 4 attempts. */
  public static final int GRPC_DEFAULT_MAX_ATTEMPTS = 4;

  /**
   * {@link #grpc(Duration, double, Duration, int)} with gRFC A6's example values: 0.1 s, x2, 1 s, 4 attempts.
   */
  public static Preset grpc() {
    return grpc(GRPC_DEFAULT_BASE, GRPC_DEFAULT_MULTIPLIER, GRPC_DEFAULT_CAP, GRPC_DEFAULT_MAX_ATTEMPTS);
  }

  /**
   * grpc-java's built-in retry (gRFC A6) from 1.80: before retry {@code r} wait
   * {@code min(initialBackoff · multiplier^(r-1), maxBackoff) · U(0.8, 1.2)}; the jitter applies to the capped
   * interval, so a wait can reach {@code 1.2 · maxBackoff}. The values are taken as given: grpc-java itself lowers
   * {@code maxAttempts} above 5 to 5 ({@code ManagedChannelBuilder.maxRetryAttempts}), which this preset does not.
   * No HTTP status codes (gRPC's retryable codes are the service config's {@code retryableStatusCodes}).
   * {@code exponential(initialBackoff, multiplier).withCap(maxBackoff).withRandomization(0.2)}.
   *
   * <p>Source: gRFC A6 "gRPC Retry Design" (retry backoff, "randomized to between 0.8 and 1.2 times"); grpc-java
   * {@code RetriableStream.intervalWithJitter} ({@code 0.8 + 0.4 · random.nextDouble()} from 1.80, fixing the
   * U(0.4, 1.2) of 1.71 to 1.79, grpc-java issue 12639). Checked against grpc-java 1.85.1's measured waits by
   * backoff-grpc's {@code GrpcPresetReferenceTest}.
   *
   * @throws IllegalArgumentException if {@code initialBackoff} is not positive, {@code multiplier < 1},
   *     {@code maxBackoff < initialBackoff} or {@code maxAttempts < 1}
   */
  public static Preset grpc(Duration initialBackoff, double multiplier, Duration maxBackoff, int maxAttempts) {
    Checks.requireNonNull(initialBackoff, "initialBackoff");
    Checks.requireNonNull(maxBackoff, "maxBackoff");
    Checks.requireParameter(!initialBackoff.isNegative() && !initialBackoff.isZero(), BASE, initialBackoff,
        "base must be > 0: %s", initialBackoff);
    Checks.requireParameter(maxBackoff.compareTo(initialBackoff) >= 0, CAP, maxBackoff,
        "cap must be >= base: %s < %s", maxBackoff, initialBackoff);
    Checks.requireParameter(maxAttempts >= 1, MAX_ATTEMPTS, maxAttempts, "max-attempts must be >= 1: %s", maxAttempts);
    Backoff backoff = Backoff.exponential(initialBackoff, multiplier).withCap(maxBackoff).withRandomization(0.2);
    return new Preset("grpc",
        "grpc-java built-in retry (gRFC A6, >= 1.80): min(" + Durations.format(Durations.toNanosSaturated(initialBackoff))
            + " x" + multiplier + "^(r-1), " + Durations.format(Durations.toNanosSaturated(maxBackoff))
            + ") x U(0.8, 1.2), " + maxAttempts + " attempts",
        "gRFC A6 gRPC Retry Design; grpc-java RetriableStream.intervalWithJitter (1.80+, issue 12639)",
        backoff, null, maxAttempts, Long.MAX_VALUE, List.of());
  }

  /** {@link #truncatedBinary(int, Duration)} with {@link #DEFAULT_TRUNCATE_AFTER} and {@link #DEFAULT_TRUNCATED_BINARY_CAP}. */
  public static Preset truncatedBinary() {
    return truncatedBinary(DEFAULT_TRUNCATE_AFTER, DEFAULT_TRUNCATED_BINARY_CAP);
  }

  /**
   * Truncated binary exponential backoff given by where it stops: the growth stops after retry
   * {@code truncateAfter} at {@code cap}, so the base is {@code cap / 2^(truncateAfter-1)}, and each wait is
   * jittered uniformly in {@code [0, t]}: {@code Backoff.truncatedBinary(truncateAfter, cap).withFullJitter()}. No
   * attempt limit (unlimited) and no status codes.
   *
   * <p>Source: the formulation common in blog posts and libraries for the JVM (e.g. "retry with truncated binary
   * exponential backoff" helpers that take a number of doublings and a maximum instead of a base).
   *
   * @throws IllegalArgumentException if {@code truncateAfter < 1} or {@code cap} is negative
   */
  public static Preset truncatedBinary(int truncateAfter, Duration cap) {
    Backoff backoff = Backoff.truncatedBinary(truncateAfter, cap).withFullJitter();
    return new Preset("truncated-binary",
        "truncated binary exponential: U[0, t], t doubling up to " + Durations.format(Durations.toNanosSaturated(cap))
            + " at retry " + truncateAfter,
        "Backoff.truncatedBinary(truncateAfter, cap).withFullJitter()",
        backoff, null, Integer.MAX_VALUE, Long.MAX_VALUE, List.of());
  }

  /** Every preset, the parameterised ones with their defaults, in the order of {@link #names()}. */
  public static List<Preset> all() {
    return List.of(googleHttpClient(), googleDrive(), awsSimpleDb(), awsSdkStandard(), awsSdkLegacy(), awsSdk2026(),
        awsDynamoDb2026(), ethernet(), truncatedBinary(), grpc());
  }

  /**
   * The preset names: google-http-client, google-drive, aws-simpledb, aws-sdk-standard, aws-sdk-legacy,
   * aws-sdk-2026, aws-dynamodb-2026, ethernet, truncated-binary, grpc.
   */
  public static List<String> names() {
    return all().stream().map(Preset::name).collect(Collectors.toUnmodifiableList());
  }

  /** The preset called {@code name}, if there is one. */
  public static Optional<Preset> find(String name) {
    Checks.requireNonNull(name, "name");
    return all().stream().filter(p -> p.name.equals(name)).findFirst();
  }

  /**
   * The preset called {@code name}.
   *
   * @throws IllegalArgumentException if there is none
   */
  public static Preset byName(String name) {
    return find(name).orElseThrow(() -> new InvalidParameterException("preset", name, String.format(
        "unknown preset: '%s'%s (expected one of %s)", name, NameSuggester.didYouMean(name, names()),
        String.join(", ", names()))));
  }

  /** The parameter names a preset may take, as command lines and configuration keys spell them. */
  public static final String TRUNCATE_AFTER = "truncate-after";
  /** See {@link #TRUNCATE_AFTER}. */
  public static final String CAP = "cap";
  /** See {@link #TRUNCATE_AFTER}: grpc's initial backoff. */
  public static final String BASE = "base";
  /** See {@link #TRUNCATE_AFTER}: grpc's backoff multiplier. */
  public static final String MULTIPLIER = "multiplier";
  /** See {@link #TRUNCATE_AFTER}: grpc's maximum number of attempts. */
  public static final String MAX_ATTEMPTS = "max-attempts";

  /**
   * The parameters preset {@code name} takes: {@value #TRUNCATE_AFTER} and {@value #CAP} for truncated-binary;
   * {@value #BASE}, {@value #CAP}, {@value #MULTIPLIER} and {@value #MAX_ATTEMPTS} for grpc; none for the others,
   * which are fixed. A host (a command line, a configuration binder) checks what its user gave
   * against this list, in its own words, then calls {@link #byName(String, OptionalInt, Optional)}.
   *
   * @throws IllegalArgumentException if there is no preset called {@code name}
   */
  public static List<String> parametersOf(String name) {
    if ("truncated-binary".equals(name)) {
      return List.of(TRUNCATE_AFTER, CAP);
    }
    if ("grpc".equals(name)) {
      return List.of(BASE, CAP, MULTIPLIER, MAX_ATTEMPTS);
    }
    byName(name);
    return List.of();
  }

  /**
   * The preset called {@code name} with the parameters given (empty: the preset's defaults).
   *
   * <pre>{@code
   * Preset p = Preset.byName("truncated-binary", OptionalInt.of(6), Optional.empty()); // 6 doublings up to 16 s
   * }</pre>
   *
   * @throws IllegalArgumentException if there is no preset called {@code name}, if a parameter is given that
   *     {@link #parametersOf(String) it does not take} (the message names it), or if a value is invalid
   * @throws NullPointerException if an argument is null
   */
  public static Preset byName(String name, OptionalInt truncateAfter, Optional<Duration> cap) {
    Checks.requireNonNull(truncateAfter, "truncateAfter");
    Checks.requireNonNull(cap, "cap");
    java.util.Map<String, Object> given = new java.util.LinkedHashMap<>();
    truncateAfter.ifPresent(n -> given.put(TRUNCATE_AFTER, n));
    cap.ifPresent(c -> given.put(CAP, c));
    return byName(name, given);
  }

  /**
   * The preset called {@code name} with the parameters given by their {@link #parametersOf names} (an absent one
   * takes the preset's default): durations as {@link Duration}, numbers as any {@link Number}.
   *
   * <pre>{@code
   * Preset p = Preset.byName("grpc", Map.of(Preset.BASE, Duration.ofMillis(50), Preset.MAX_ATTEMPTS, 5));
   * }</pre>
   *
   * @throws IllegalArgumentException if there is no preset called {@code name}, if a parameter is given that
   *     {@link #parametersOf(String) it does not take} (the message names it), or if a value is invalid or of the
   *     wrong type
   * @throws NullPointerException if an argument is null
   */
  public static Preset byName(String name, java.util.Map<String, ?> parameters) {
    Checks.requireNonNull(parameters, "parameters");
    List<String> takes = parametersOf(name);
    for (java.util.Map.Entry<String, ?> e : parameters.entrySet()) {
      Checks.requireParameter(takes.contains(e.getKey()), e.getKey(), e.getValue(),
          "preset %s takes no %s: %s", name, e.getKey(), takes.isEmpty() ? "it is fixed" : "it takes " + String.join(", ", takes));
    }
    if (takes.isEmpty()) {
      return byName(name);
    }
    if (name.equals("grpc")) {
      return grpc(parameter(parameters, BASE, Duration.class, GRPC_DEFAULT_BASE),
          parameter(parameters, MULTIPLIER, Number.class, GRPC_DEFAULT_MULTIPLIER).doubleValue(),
          parameter(parameters, CAP, Duration.class, GRPC_DEFAULT_CAP),
          parameter(parameters, MAX_ATTEMPTS, Number.class, GRPC_DEFAULT_MAX_ATTEMPTS).intValue());
    }
    return truncatedBinary(parameter(parameters, TRUNCATE_AFTER, Number.class, DEFAULT_TRUNCATE_AFTER).intValue(),
        parameter(parameters, CAP, Duration.class, DEFAULT_TRUNCATED_BINARY_CAP));
  }

  private static <T> T parameter(java.util.Map<String, ?> parameters, String key, Class<T> type, T absent) {
    Object value = parameters.get(key);
    if (value == null) {
      return absent;
    }
    Checks.requireParameter(type.isInstance(value), key, value, "%s must be a %s: %s", key,
        type.getSimpleName(), value.getClass().getSimpleName());
    return type.cast(value);
  }

  /** The name, as {@link #byName} takes it. */
  public String name() {
    return name;
  }

  /** A one-line description of the behaviour. */
  public String summary() {
    return summary;
  }

  /** Where the behaviour is documented. */
  public String source() {
    return source;
  }

  /** The strategy for ordinary retryable failures. */
  public Backoff backoff() {
    return backoff;
  }

  /** The strategy for throttling errors, where the client uses a different one. */
  public Optional<Backoff> throttlingBackoff() {
    return Optional.ofNullable(throttlingBackoff);
  }

  /** The maximum number of attempts, the first included; {@link Integer#MAX_VALUE} when the client sets none. */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** The total time budget, if the client has one. */
  public Optional<Duration> maxElapsed() {
    return maxElapsedNanos == Long.MAX_VALUE ? Optional.empty() : Optional.of(Duration.ofNanos(maxElapsedNanos));
  }

  /** The HTTP status codes the client retries, ascending; empty for non-HTTP presets. */
  public List<Integer> retryableStatusCodes() {
    return retryableStatusCodes;
  }

  /** Whether the client retries HTTP status {@code code} (for 403, only with a rate-limit reason; see the preset). */
  public boolean isRetryableStatus(int code) {
    return retryableStatusCodes.contains(code);
  }

  /**
   * A policy builder with this preset's strategy, attempt limit (unlimited when the client sets none) and time
   * budget; add the retry conditions. As a builder from {@code RetryPolicy.toBuilder()}, it may replace each of
   * these values once (e.g. {@code withMaxAttempts}).
   */
  public <R> RetryPolicyBuilder<R> policyBuilder() {
    RetryPolicyBuilder<R> builder = RetryPolicy.<R>builder().withBackoff(backoff);
    if (maxAttempts == Integer.MAX_VALUE) {
      builder.withUnlimitedAttempts();
    } else {
      builder.withMaxAttempts(maxAttempts);
    }
    if (maxElapsedNanos != Long.MAX_VALUE) {
      builder.withMaxElapsed(Duration.ofNanos(maxElapsedNanos));
    }
    return builder.build().toBuilder(); // the preset's values are copied ones, which the caller may replace
  }

  /**
   * {@link #policyBuilder()} plus a {@link RetryKind} named {@value #THROTTLING_KIND} for the failed attempts
   * {@code isThrottling} matches (e.g. HTTP 429, or an AWS {@code Throttling} error code): they wait per
   * {@link #throttlingBackoff()} (the default strategy when the preset has none) and cost a retry budget
   * {@link CostClass#THROTTLING}. Add the retry conditions, and the budget.
   *
   * <pre>{@code
   * Preset aws = Preset.awsSdk2026();
   * RetryPolicy<HttpResponse<String>> policy = aws.<HttpResponse<String>>policyBuilder(
   *         (response, failure) -> response != null && response.statusCode() == 429)
   *     .retryIfResult(response -> aws.isRetryableStatus(response.statusCode()))
   *     .withBudget(RetryBudget.retryQuota2026())
   *     .build();
   * }</pre>
   */
  public <R> RetryPolicyBuilder<R> policyBuilder(BiPredicate<? super R, ? super Throwable> isThrottling) {
    Checks.requireNonNull(isThrottling, "isThrottling");
    RetryPolicyBuilder<R> builder = policyBuilder();
    Backoff throttling = throttlingBackoff == null ? backoff : throttlingBackoff;
    return builder.withBackoffFor(RetryKind.<R>of(THROTTLING_KIND, isThrottling, throttling)
        .withCostClass(CostClass.THROTTLING));
  }

  @Override
  public String toString() {
    return name + ": " + backoff;
  }

  private static Backoff fullJitter(Duration base) {
    return Backoff.exponential(base, 2.0).withCap(Duration.ofSeconds(20)).withFullJitter();
  }

  private static List<Integer> range(int from, int to) {
    return IntStream.rangeClosed(from, to).boxed().collect(Collectors.toUnmodifiableList());
  }
}
