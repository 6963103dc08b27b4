package io.github.backoff.grpc;

import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.RetryPolicyBuilder;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ManagedChannelBuilder;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.random.RandomGenerator;

/**
 * A grpc-java {@link ClientInterceptor} that retries unary and server-streaming calls under a Backoff
 * {@link RetryPolicy} (every strategy, limit, budget, rate limiter, kind and listener), by gRFC A6's rules. The
 * decision after each failed attempt, retry or stop and the wait, comes from backoff-core's decision core through
 * {@link io.github.backoff.StandaloneExecution}; the interceptor only runs attempts and waits on a scheduler, holding
 * no thread.
 *
 * <pre>{@code
 * RetryPolicy<Object> policy = RetryPolicy.builder()
 *     .withBackoff(Backoff.exponential(Duration.ofMillis(100), 2.0).withCap(Duration.ofSeconds(1)).withRandomization(0.2))
 *     .withMaxAttempts(4)
 *     .build();
 * ManagedChannel channel = RetryingClientInterceptor.of(policy)
 *     .applyTo(ManagedChannelBuilder.forTarget("dns:///orders:443"))   // disableRetry() and intercept(this)
 *     .build();
 * }</pre>
 *
 * <p><b>The rules</b> (gRFC A6):
 * <ul>
 *   <li>A failed attempt is retried when its status code is one of the {@link
 *       RetryingClientInterceptorBuilder#withRetryableCodes retryable codes} (by default {@code UNAVAILABLE} and
 *       {@code RESOURCE_EXHAUSTED}) or matches one of the policy's own retry conditions, which see it as a
 *       {@link StatusRuntimeException} carrying the status and trailers. The policy's limits, budget and rate
 *       limiter may still stop it.
 *   <li>The server's {@code grpc-retry-pushback-ms} trailer sets the next wait when it is a non-negative integer; a
 *       negative or unparseable one stops the retries ({@code StopReason.ABORTED}). Without one, a
 *       {@code google.rpc.RetryInfo} in {@code grpc-status-details-bin} sets the wait. The server's wait is the
 *       policy's delay override, so the core decides with it (events and metrics show it); a wait beyond
 *       {@link RetryingClientInterceptorBuilder#withMaxServerDelay the largest followed} ends the call
 *       ({@code StopReason.DELAY_TOO_LONG}).
 *   <li>The call's deadline ({@link CallOptions#getDeadline()}, or the {@code Context}'s if earlier) is absolute
 *       and spans every attempt: the core is given the time left with each failure
 *       ({@code StandaloneExecution.onFailure(result, failure, nanosLeft)}), so a retry whose wait would reach it
 *       is not made ({@code StopReason.TIME_BUDGET_EXHAUSTED}, a {@code GaveUp} event, no budget taken), and the
 *       call ends with the last attempt's status.
 *   <li>Attempt n &ge; 2 carries the header {@code grpc-previous-rpc-attempts: n-1}.
 *   <li>The call is committed as soon as anything from the server (headers or a message) reaches the application;
 *       it is never retried after that. The status of a failed attempt is held back until it is known whether it
 *       will be retried.
 *   <li>Request messages are kept for replay up to {@link RetryingClientInterceptorBuilder#withBufferLimit a
 *       bound} (1 MiB by default, as grpc-java); past it the call is sent once and not retried. {@code request(n)}
 *       is replayed on every attempt.
 *   <li>When retries stop, the call ends with the last attempt's own status and trailers, as without the
 *       interceptor; why it stopped goes to the policy's events and metrics.
 *   <li>Cancelling the call cancels the attempt in flight or the pending wait: no further attempt reaches the
 *       server; the application's listener is closed with {@code CANCELLED}.
 *   <li>An application listener that throws is treated as grpc-java treats it without the interceptor: from
 *       {@code onHeaders} or {@code onMessage}, grpc-java cancels the attempt and the call ends with its
 *       {@code CANCELLED} ("Failed to read headers", "Failed to read message."), never retried (the call was
 *       committed); a throwing {@code onClose} is logged, never rethrown.
 * </ul>
 * Client- and bidirectional-streaming calls pass through unretried.
 *
 * <p><b>Per call.</b> A policy set on a stub with {@code withOption(RetryingClientInterceptor.CALL_POLICY, policy)}
 * replaces this interceptor's for that call (the retryable codes and other settings stay).
 *
 * <p><b>The channel's own retry</b> must be off under this interceptor, or each of its attempts is retried again by
 * grpc-java (up to 5 × n attempts): {@link #applyTo} disables it.
 *
 * <p>Immutable and thread-safe: one instance serves any number of channels and calls.
 */
public final class RetryingClientInterceptor implements ClientInterceptor {
  /**
   * The {@link CallOptions} key of a per-call policy: {@code stub.withOption(CALL_POLICY, policy)}. The policy must
   * have no result conditions.
   */
  public static final CallOptions.Key<RetryPolicy<?>> CALL_POLICY = CallOptions.Key.create("backoff.retry-policy");

  /** The tag (attribute) key of a call's full service name, as OpenTelemetry's RPC conventions name it. */
  public static final String RPC_SERVICE = "rpc.service";
  /** The tag (attribute) key of a call's method name, as OpenTelemetry's RPC conventions name it. */
  public static final String RPC_METHOD = "rpc.method";

  /** The codes retried by default: gRFC A6's transient ({@code UNAVAILABLE}) and throttling kinds. */
  public static final Set<Status.Code> DEFAULT_RETRYABLE_CODES =
      Collections.unmodifiableSet(EnumSet.of(Status.Code.UNAVAILABLE, Status.Code.RESOURCE_EXHAUSTED));

  /** Codes whose answer another attempt cannot change: refused as retryable codes. */
  static final Set<Status.Code> NEVER_RETRYABLE = Collections.unmodifiableSet(EnumSet.of(Status.Code.OK,
      Status.Code.INVALID_ARGUMENT, Status.Code.NOT_FOUND, Status.Code.ALREADY_EXISTS,
      Status.Code.PERMISSION_DENIED, Status.Code.FAILED_PRECONDITION, Status.Code.OUT_OF_RANGE,
      Status.Code.UNIMPLEMENTED, Status.Code.UNAUTHENTICATED));

  final RetryingClientInterceptorBuilder.Config config;
  final Retrier<Object> retrier;
  /** Retriers for per-call policies, by identity; weak so that a dropped policy is collected. */
  private final Map<RetryPolicy<?>, Retrier<Object>> callRetriers =
      Collections.synchronizedMap(new WeakHashMap<>());
  /** With a method listener: the policy's retrier per method, with that method's listener. */
  private final java.util.concurrent.ConcurrentHashMap<String, Retrier<Object>> methodRetriers =
      new java.util.concurrent.ConcurrentHashMap<>();

  RetryingClientInterceptor(RetryingClientInterceptorBuilder.Config config) {
    this.config = config;
    this.retrier = retrierFor(config.policy, null);
  }

  /**
   * An interceptor with the default settings: see {@link #builder}.
   *
   * @throws NullPointerException if {@code policy} is null
   * @throws IllegalArgumentException if {@code policy} has result conditions (a gRPC call has no result to test)
   */
  public static RetryingClientInterceptor of(RetryPolicy<?> policy) {
    return builder(policy).build();
  }

  /**
   * A builder to choose the retryable codes, the replay buffer's bound, the scheduler and more.
   *
   * @throws NullPointerException if {@code policy} is null
   * @throws IllegalArgumentException if {@code policy} has result conditions
   */
  public static RetryingClientInterceptorBuilder builder(RetryPolicy<?> policy) {
    return new RetryingClientInterceptorBuilder(policy);
  }

  /** The policy calls run under unless they set their own ({@link #CALL_POLICY}). */
  public RetryPolicy<?> policy() {
    return config.policy;
  }

  /** The codes retried, beyond the policy's own conditions. */
  public Set<Status.Code> retryableCodes() {
    return config.retryableCodes;
  }

  /**
   * Configures {@code builder} for this interceptor: grpc-java's own retry off ({@code disableRetry()}), so that
   * attempts do not multiply, and this interceptor added.
   *
   * @return {@code builder}
   * @throws NullPointerException if {@code builder} is null
   */
  public ManagedChannelBuilder<?> applyTo(ManagedChannelBuilder<?> builder) {
    if (builder == null) {
      throw new NullPointerException("builder");
    }
    return builder.disableRetry().intercept(this);
  }

  @Override
  public <ReqT, RespT> ClientCall<ReqT, RespT> interceptCall(MethodDescriptor<ReqT, RespT> method,
      CallOptions callOptions, Channel next) {
    MethodDescriptor.MethodType type = method.getType();
    if (type != MethodDescriptor.MethodType.UNARY && type != MethodDescriptor.MethodType.SERVER_STREAMING) {
      return next.newCall(method, callOptions);
    }
    RetryPolicy<?> own = callOptions.getOption(CALL_POLICY);
    Retrier<Object> r;
    if (own != null && own != config.policy) {
      r = callRetriers.computeIfAbsent(own, p -> retrierFor(p, null));
    } else if (config.methodListener != null) {
      r = methodRetriers.computeIfAbsent(method.getFullMethodName(),
          name -> retrierFor(config.policy, config.methodListener.apply(method)));
    } else {
      r = retrier;
    }
    return new RetryingCall<>(this, r, method, callOptions, next);
  }

  /**
   * The retrier of a policy: the policy plus the gRPC rules (retryable codes, commit, the server's pushback and
   * RetryInfo as the core's delay override, a stopping pushback). A delay override of the policy's own is replaced:
   * the server's wait is the one gRPC follows.
   */
  private Retrier<Object> retrierFor(RetryPolicy<?> policy, io.github.backoff.event.RetryListener<Object> listener) {
    RetryPolicy<Object> base = RetryingClientInterceptorBuilder.checkPolicy(policy, "policy");
    Set<Status.Code> codes = config.retryableCodes;
    RetryPolicyBuilder<Object> derived = base.toBuilder()
        .retryIf(f -> !(f instanceof UnretriedStatusException) && codes.contains(GrpcRetryHints.code(f)))
        .abortIf(f -> f instanceof UnretriedStatusException);
    GrpcRetryHints.install(derived, config.maxServerDelayNanos);
    if (listener != null) {
      derived.onEvent(listener);
    }
    var rb = Retrier.builder(derived.build()).withTicker(config.ticker);
    RandomGenerator random = config.random;
    if (random != null) {
      rb.withRandom(random);
    }
    return rb.build();
  }

  ScheduledExecutorService scheduler() {
    return config.scheduler != null ? config.scheduler : GrpcTimer.get();
  }

  @Override
  public String toString() {
    return "RetryingClientInterceptor[policy=" + config.policy + ", retryableCodes=" + config.retryableCodes + "]";
  }
}
