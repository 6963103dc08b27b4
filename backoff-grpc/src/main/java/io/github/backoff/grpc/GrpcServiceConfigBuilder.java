package io.github.backoff.grpc;

import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.budget.TokenBucketBudget;
import io.github.backoff.strategy.Backoff;
import io.grpc.Status;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds a {@link GrpcServiceConfig} from Backoff policies, refusing at once, naming the method and the setting,
 * what grpc-java's retry cannot express, instead of letting grpc-java ignore or lower it:
 * <ul>
 *   <li>the backoff must be gRPC's: {@code min(base · multiplier^(r-1), cap) · U(0.8, 1.2)}, that is
 *       {@code Backoff.exponential(base, multiplier).withCap(cap).withRandomization(0.2)} (what
 *       {@code Preset.grpc(...)} builds); full, equal or decorrelated jitter, no jitter, linear waits are refused;
 *   <li>{@code maxAttempts} from 2 to 5 (grpc-java lowers more than 5 to 5);
 *   <li>no per-kind backoff, rate limiter, per-attempt timeout or result condition, and no budget but a
 *       {@link RetryBudget#tokenBucket token bucket}: gRPC's one budget is the channel's {@code retryThrottling}, which
 *       a policy's token bucket sets (every policy's bucket must then have the same parameters) unless
 *       {@link #withThrottling} does;
 *   <li>the policy's {@code maxElapsed} becomes the method's {@code timeout} (the call's deadline, which spans
 *       attempts in gRPC too); listeners do not run under grpc-java's retry and are left out.
 * </ul>
 *
 * <pre>{@code
 * GrpcServiceConfig config = GrpcServiceConfig.builder()
 *     .withRetry("orders.Orders", policy)                                      // every method of the service
 *     .withRetry("orders.Orders/Cancel", policy, Status.Code.UNAVAILABLE)     // one method, its own codes
 *     .withDefaultRetry(Preset.grpc().policyBuilder().build())                // every other method
 *     .withThrottling(100, 0.1)
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe: confine a builder to one thread.
 */
public final class GrpcServiceConfigBuilder {
  /** The most attempts grpc-java makes ({@code ManagedChannelBuilder.maxRetryAttempts}' default). */
  public static final int MAX_ATTEMPTS = 5;

  private final Map<String, Map<String, Object>> methodConfigs = new LinkedHashMap<>();
  private int maxTokens;
  private double tokenRatio;
  /** Where the throttling came from, for error messages. */
  private String throttlingFrom;

  GrpcServiceConfigBuilder() {}

  /**
   * Retries the calls of {@code name} ({@code "package.Service"} for all its methods, or
   * {@code "package.Service/Method"}) under {@code policy}, on UNAVAILABLE and RESOURCE_EXHAUSTED.
   *
   * @throws IllegalArgumentException if the name is malformed or the policy cannot be expressed (the message says
   *     which setting)
   * @throws IllegalStateException if {@code name} was given before
   */
  public GrpcServiceConfigBuilder withRetry(String name, RetryPolicy<?> policy) {
    return withRetry(name, policy, RetryingClientInterceptor.DEFAULT_RETRYABLE_CODES.toArray(new Status.Code[0]));
  }

  /**
   * Retries the calls of {@code name} under {@code policy} on {@code codes}.
   *
   * @throws IllegalArgumentException if the name is malformed, {@code codes} is empty or holds a code another
   *     attempt cannot change, or the policy cannot be expressed
   * @throws IllegalStateException if {@code name} was given before
   */
  public GrpcServiceConfigBuilder withRetry(String name, RetryPolicy<?> policy, Status.Code... codes) {
    if (name == null) {
      throw new NullPointerException("name");
    }
    int slash = name.indexOf('/');
    String service = slash < 0 ? name : name.substring(0, slash);
    String method = slash < 0 ? null : name.substring(slash + 1);
    if (service.isBlank() || (method != null && (method.isBlank() || method.contains("/")))) {
      throw new IllegalArgumentException("name must be \"package.Service\" or \"package.Service/Method\": \""
          + name + "\" (withDefaultRetry for every method)");
    }
    Map<String, Object> n = new LinkedHashMap<>();
    n.put("service", service);
    if (method != null) {
      n.put("method", method);
    }
    return add(name, n, policy, codes);
  }

  /**
   * Retries every method that no {@link #withRetry} names, under {@code policy} (a {@code methodConfig} whose
   * name is {@code [{}]}), on UNAVAILABLE and RESOURCE_EXHAUSTED.
   *
   * @throws IllegalArgumentException if the policy cannot be expressed
   * @throws IllegalStateException if called before
   */
  public GrpcServiceConfigBuilder withDefaultRetry(RetryPolicy<?> policy) {
    return add("", new LinkedHashMap<>(), policy,
        RetryingClientInterceptor.DEFAULT_RETRYABLE_CODES.toArray(new Status.Code[0]));
  }

  /**
   * gRPC's retry throttling for the channel: a bucket of {@code maxTokens} tokens, each failure taking one and each
   * success adding {@code tokenRatio}, retries allowed while more than half remain; the same rule as
   * {@link RetryBudget#tokenBucket(int, double)}.
   *
   * @throws IllegalArgumentException if {@code maxTokens} is not in {@code [1, 1000]}, {@code tokenRatio} not in
   *     {@code (0, maxTokens]} or has more than 3 decimal places (gRPC keeps 3)
   * @throws IllegalStateException if called before
   */
  public GrpcServiceConfigBuilder withThrottling(int maxTokens, double tokenRatio) {
    RetryBudget.tokenBucket(maxTokens, tokenRatio); // the same checks, the same messages
    double thousandths = tokenRatio * 1000;
    if (Math.abs(thousandths - Math.rint(thousandths)) > 1e-6) {
      throw new IllegalArgumentException("tokenRatio must have at most 3 decimal places (gRPC drops the rest): "
          + tokenRatio);
    }
    if (this.maxTokens != 0) {
      throw new IllegalStateException("throttling was already set (by " + throttlingFrom + ")");
    }
    this.maxTokens = maxTokens;
    this.tokenRatio = tokenRatio;
    this.throttlingFrom = "withThrottling";
    return this;
  }

  /**
   * The channel's throttling from a policy's token bucket: set by the first such policy, then every other must have
   * the same parameters (gRPC has one {@code retryThrottling} per channel).
   */
  private void throttleLike(String where, TokenBucketBudget budget) {
    if (maxTokens == 0) {
      maxTokens = budget.maxTokens();
      tokenRatio = budget.tokenRatio();
      throttlingFrom = where + "'s budget";
    } else if (maxTokens != budget.maxTokens() || tokenRatio != budget.tokenRatio()) {
      throw cannot(where, "budget " + budget, "gRPC has one retryThrottling per channel, and it is already maxTokens "
          + maxTokens + ", tokenRatio " + tokenRatio + " (from " + throttlingFrom + ")");
    }
  }

  /** The service config; the builder can still be used. */
  public GrpcServiceConfig build() {
    List<Object> configs = new ArrayList<>();
    for (Map<String, Object> c : methodConfigs.values()) {
      configs.add(c);
    }
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("methodConfig", GrpcServiceConfig.unmodifiable(configs));
    if (maxTokens != 0) {
      Map<String, Object> throttling = new LinkedHashMap<>();
      throttling.put("maxTokens", (double) maxTokens);
      throttling.put("tokenRatio", tokenRatio);
      map.put("retryThrottling", GrpcServiceConfig.unmodifiable(throttling));
    }
    return new GrpcServiceConfig(GrpcServiceConfig.unmodifiable(map), maxTokens, tokenRatio);
  }

  private GrpcServiceConfigBuilder add(String key, Map<String, Object> name, RetryPolicy<?> policy,
      Status.Code... codes) {
    if (policy == null) {
      throw new NullPointerException("policy");
    }
    if (codes == null) {
      throw new NullPointerException("codes");
    }
    String where = key.isEmpty() ? "default methodConfig" : key;
    if (codes.length == 0) {
      throw new IllegalArgumentException(where + ": codes must not be empty (gRPC then retries nothing)");
    }
    Set<String> codeNames = new LinkedHashSet<>();
    for (Status.Code code : EnumSet.copyOf(List.of(codes))) {
      if (RetryingClientInterceptor.NEVER_RETRYABLE.contains(code)) {
        throw new IllegalArgumentException(where + ": codes must not hold " + code
            + ": another attempt gets the same answer");
      }
      codeNames.add(code.name());
    }
    Map<String, Object> retry = retryPolicy(where, policy);
    retry.put("retryableStatusCodes", GrpcServiceConfig.unmodifiable(new ArrayList<>(codeNames)));
    if (methodConfigs.containsKey(key)) {
      throw new IllegalStateException(where + " was already given a retry policy");
    }
    if (policy.budget().isPresent()) {
      throttleLike(where, (TokenBucketBudget) policy.budget().get());
    }
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("name", GrpcServiceConfig.unmodifiable(List.of((Object) GrpcServiceConfig.unmodifiable(name))));
    policy.maxElapsed().ifPresent(d -> config.put("timeout", duration(d.toNanos())));
    config.put("retryPolicy", GrpcServiceConfig.unmodifiable(retry));
    methodConfigs.put(key, GrpcServiceConfig.unmodifiable(config));
    return this;
  }

  /** The retryPolicy of {@code policy}, without its codes; or an error naming what gRPC cannot express. */
  static Map<String, Object> retryPolicy(String where, RetryPolicy<?> policy) {
    int attempts = policy.maxAttempts();
    if (attempts == Integer.MAX_VALUE || attempts > MAX_ATTEMPTS) {
      throw cannot(where, "maxAttempts " + (attempts == Integer.MAX_VALUE ? "unlimited" : attempts),
          "grpc-java makes at most " + MAX_ATTEMPTS + " attempts and lowers more to 5 without a word");
    }
    if (attempts < 2) {
      throw cannot(where, "maxAttempts " + attempts, "a gRPC retryPolicy needs maxAttempts >= 2");
    }
    if (!policy.kinds().isEmpty()) {
      throw cannot(where, "per-kind backoff " + policy.kinds(), "gRPC has one backoff per method");
    }
    if (policy.budget().isPresent() && !(policy.budget().get() instanceof TokenBucketBudget)) {
      throw cannot(where, "budget " + policy.budget().get(), "gRPC's one budget is the channel's retryThrottling, a"
          + " token bucket: give the policy RetryBudget.tokenBucket(maxTokens, tokenRatio) or use withThrottling");
    }
    if (policy.rateLimiter().isPresent()) {
      throw cannot(where, "rate limiter", "gRPC has no client-side rate limiter");
    }
    if (policy.attemptTimeout().isPresent()) {
      throw cannot(where, "attemptTimeout " + policy.attemptTimeout().get(), "gRPC has no per-attempt timeout");
    }
    if (policy.hasResultConditions()) {
      throw cannot(where, "retryIfResult", "gRPC retries on status codes only");
    }
    long[] shape = grpcShape(where, policy.backoff());
    Map<String, Object> retry = new LinkedHashMap<>();
    retry.put("maxAttempts", (double) attempts);
    retry.put("initialBackoff", duration(shape[0]));
    retry.put("maxBackoff", duration(shape[1]));
    retry.put("backoffMultiplier", Double.longBitsToDouble(shape[2]));
    return retry;
  }

  /**
   * {@code {base, cap, doubleBits(multiplier)}} of a backoff whose waits are
   * {@code min(base · multiplier^(r-1), cap) · U(0.8, 1.2)}, read from its bounds; or an error naming it.
   */
  private static long[] grpcShape(String where, Backoff backoff) {
    double[] nominal = new double[13];
    for (int r = 1; r <= 12; r++) {
      double hi = backoff.maxDelayNanos(r);
      double lo = backoff.minDelayNanos(r);
      nominal[r] = hi / 1.2;
      if (hi <= 0 || Math.abs(lo - 0.8 * nominal[r]) > Math.max(2, 1e-9 * hi)) {
        throw cannot(where, "backoff " + backoff, "gRPC waits min(initialBackoff x multiplier^(r-1), maxBackoff)"
            + " x U(0.8, 1.2): use Backoff.exponential(base, multiplier).withCap(cap).withRandomization(0.2)"
            + " (Preset.grpc); no other jitter or shape");
      }
    }
    double far = backoff.maxDelayNanos(10_000) / 1.2;
    if (far > Duration.ofDays(365).toNanos()) {
      throw cannot(where, "backoff " + backoff, "gRPC needs maxBackoff: add withCap(...) before the jitter");
    }
    double base = nominal[1];
    double cap = far;
    double multiplier = nominal[2] / nominal[1];
    for (int r = 1; r <= 12; r++) {
      double expected = Math.min(base * Math.pow(multiplier, r - 1), cap);
      if (Math.abs(expected - nominal[r]) > Math.max(2, 1e-6 * expected)) {
        throw cannot(where, "backoff " + backoff, "its waits do not grow as min(initialBackoff x multiplier^(r-1),"
            + " maxBackoff): use Backoff.exponential(base, multiplier).withCap(cap).withRandomization(0.2)");
      }
    }
    return new long[] {Math.round(base), Math.round(cap), Double.doubleToLongBits(multiplier)};
  }

  /** A duration in proto3 JSON: seconds with up to 9 decimals and an {@code s}, e.g. {@code "0.1s"}. */
  static String duration(long nanos) {
    return BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString() + "s";
  }

  private static IllegalArgumentException cannot(String where, String what, String why) {
    return new IllegalArgumentException(where + ": gRPC's retry cannot express " + what + ": " + why);
  }
}
