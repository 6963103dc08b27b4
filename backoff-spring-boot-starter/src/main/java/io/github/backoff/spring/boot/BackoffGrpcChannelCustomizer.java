package io.github.backoff.spring.boot;

import io.github.backoff.grpc.RetryingClientInterceptor;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ManagedChannelBuilder;
import io.grpc.MethodDescriptor;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.LinkedHashSet;
import org.springframework.core.Ordered;
import org.springframework.grpc.client.GrpcChannelBuilderCustomizer;

/**
 * Puts backoff-grpc's retries on every channel Spring gRPC's channel factory builds ({@code GrpcChannelFactory}):
 * grpc-java's own retry off ({@code disableRetry()}, so that attempts do not multiply) and one interceptor that
 * hands each call to the {@link RetryingClientInterceptor} of its method, of its service, or the default one.
 * {@link BackoffGrpcAutoConfiguration} registers one from {@code backoff.grpc.*}; a bean of this type of the
 * application's own replaces it.
 *
 * <pre>{@code
 * @Bean
 * BackoffGrpcChannelCustomizer<?> backoffGrpcChannelCustomizer(Retriers retriers) {   // e.g. other codes
 *   RetryingClientInterceptor orders = RetryingClientInterceptor.builder(retriers.policy("orders"))
 *       .withRetryableCodes(Status.Code.UNAVAILABLE, Status.Code.ABORTED).build();
 *   return BackoffGrpcChannelCustomizer.of(orders, Map.of(), List.of());
 * }
 * }</pre>
 *
 * <p>It runs last among the customizers ({@link Ordered#LOWEST_PRECEDENCE}), so that a customizer that turns
 * grpc-java's retry on (a service config's {@code retryPolicy}) does not put a second retry under this one. Each
 * policy's budget is the policy's own: a policy naming the same {@code backoff.budgets} entry as an HTTP client's
 * shares its one instance. Immutable and thread-safe.
 *
 * @param <T> the channel builder's type (Spring gRPC's factories are generic in it)
 */
public final class BackoffGrpcChannelCustomizer<T extends ManagedChannelBuilder<T>>
    implements GrpcChannelBuilderCustomizer<T>, Ordered {
  private final RetryingClientInterceptor defaultInterceptor;
  private final Map<String, RetryingClientInterceptor> byName;
  private final Set<String> channels;
  private final ClientInterceptor router = new Router();

  private BackoffGrpcChannelCustomizer(RetryingClientInterceptor defaultInterceptor,
      Map<String, RetryingClientInterceptor> byName, List<String> channels) {
    this.defaultInterceptor = defaultInterceptor;
    this.byName = Map.copyOf(byName);
    this.channels = Set.copyOf(new LinkedHashSet<>(channels));
  }

  /**
   * A customizer whose calls retry under {@code byName}'s interceptor for their method ({@code "pkg.Service/Method"})
   * or service ({@code "pkg.Service"}), else under {@code defaultInterceptor}, on the channels named in
   * {@code channels} (empty: every channel).
   *
   * @param defaultInterceptor the interceptor of calls {@code byName} does not name, or null to leave them alone
   * @param byName interceptors by service or method name
   * @param channels the channel names or targets to customize; empty for all
   * @return the customizer
   * @throws NullPointerException if {@code byName} or {@code channels} (or an element) is null
   */
  public static <T extends ManagedChannelBuilder<T>> BackoffGrpcChannelCustomizer<T> of(
      RetryingClientInterceptor defaultInterceptor, Map<String, RetryingClientInterceptor> byName,
      List<String> channels) {
    return new BackoffGrpcChannelCustomizer<>(defaultInterceptor, Objects.requireNonNull(byName, "byName"),
        Objects.requireNonNull(channels, "channels"));
  }

  @Override
  public void customize(String target, T builder) {
    if (!channels.isEmpty() && !channels.contains(target)) {
      return;
    }
    builder.disableRetry();
    builder.intercept(router);
  }

  /**
   * The interceptor a call of {@code fullMethodName} ({@code "pkg.Service/Method"}) retries under: its method's,
   * else its service's, else the default one; or null if none.
   *
   * @param fullMethodName the call's full method name
   * @return the interceptor, or null
   */
  public RetryingClientInterceptor interceptorFor(String fullMethodName) {
    RetryingClientInterceptor own = byName.get(fullMethodName);
    if (own != null) {
      return own;
    }
    String service = MethodDescriptor.extractFullServiceName(fullMethodName);
    RetryingClientInterceptor ofService = service == null ? null : byName.get(service);
    return ofService != null ? ofService : defaultInterceptor;
  }

  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }

  @Override
  public String toString() {
    Map<String, Object> names = new LinkedHashMap<>(byName);
    return "BackoffGrpcChannelCustomizer[default=" + defaultInterceptor + ", byName=" + names + ", channels="
        + (channels.isEmpty() ? "all" : channels) + "]";
  }

  /** Hands each call to its interceptor; a call no interceptor covers goes straight on. */
  private final class Router implements ClientInterceptor {
    @Override
    public <ReqT, RespT> ClientCall<ReqT, RespT> interceptCall(MethodDescriptor<ReqT, RespT> method,
        CallOptions callOptions, Channel next) {
      RetryingClientInterceptor interceptor = interceptorFor(method.getFullMethodName());
      return interceptor == null ? next.newCall(method, callOptions)
          : interceptor.interceptCall(method, callOptions, next);
    }
  }
}
