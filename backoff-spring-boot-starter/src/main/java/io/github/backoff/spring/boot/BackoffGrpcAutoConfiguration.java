package io.github.backoff.spring.boot;

import io.github.backoff.grpc.RetryingClientInterceptor;
import io.github.backoff.grpc.RetryingClientInterceptorBuilder;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Retries for the channels Spring gRPC builds, each call under a named policy of {@code backoff.policies}: with
 * backoff-grpc and Spring gRPC ({@code spring-grpc-core}; Spring Boot 4.1's {@code spring-boot-grpc-client}
 * auto-configures its channel factory) on the class path, {@code backoff.grpc.policy} and
 * {@code backoff.grpc.methods[SERVICE or SERVICE/METHOD]} register a {@link BackoffGrpcChannelCustomizer}, Spring
 * gRPC's own channel-builder hook: the application's channels are customized, never replaced.
 *
 * <pre>{@code
 * backoff.budgets.orders.type=token-bucket
 * backoff.policies.orders.strategy=grpc
 * backoff.policies.orders.budget=orders          # the HTTP clients' policy may name it too: one instance
 * backoff.grpc.policy=orders
 * backoff.grpc.methods[orders.Orders/Cancel]=once
 * }</pre>
 *
 * <p>The policies are the {@link Retriers} bean's, so their budgets, listeners, metrics and
 * {@code /actuator/retries} counts see these calls too. A name that is not a policy, a code that is not a gRPC
 * status or is never worth retrying, a malformed method name, or a bad duration stops the start-up with the key,
 * the value and what is allowed ({@link BackoffFailureAnalyzer}). Stateless.
 */
@AutoConfiguration(after = BackoffAutoConfiguration.class,
    beforeName = "org.springframework.boot.grpc.client.autoconfigure.GrpcClientAutoConfiguration")
@ConditionalOnClass(name = {"io.github.backoff.grpc.RetryingClientInterceptor",
    "org.springframework.grpc.client.GrpcChannelBuilderCustomizer"})
@ConditionalOnBean(Retriers.class)
@Conditional(BackoffGrpcAutoConfiguration.OnGrpcPolicy.class)
public final class BackoffGrpcAutoConfiguration {
  static final String PREFIX = "backoff.grpc";

  /** Created by Spring. */
  public BackoffGrpcAutoConfiguration() {}

  @Bean
  @ConditionalOnMissingBean
  BackoffGrpcChannelCustomizer<?> backoffGrpcChannelCustomizer(Retriers retriers, BackoffProperties properties) {
    BackoffProperties.Grpc grpc = properties.getGrpc();
    Map<String, RetryingClientInterceptor> byPolicy = new HashMap<>(); // one interceptor per policy
    RetryingClientInterceptor fallback = grpc.getPolicy() == null ? null
        : interceptor(retriers, grpc, PREFIX + ".policy", grpc.getPolicy(), byPolicy);
    Map<String, RetryingClientInterceptor> byName = new LinkedHashMap<>();
    grpc.getMethods().forEach((name, policy) -> {
      String key = PREFIX + ".methods[" + name + "]";
      checkName(key, name);
      byName.put(name, interceptor(retriers, grpc, key, policy, byPolicy));
    });
    return BackoffGrpcChannelCustomizer.of(fallback, byName,
        grpc.getChannels() == null ? List.of() : new ArrayList<>(grpc.getChannels()));
  }

  private static RetryingClientInterceptor interceptor(Retriers retriers, BackoffProperties.Grpc grpc, String key,
      String policy, Map<String, RetryingClientInterceptor> byPolicy) {
    RetryingClientInterceptor known = byPolicy.get(policy);
    if (known != null) {
      return known;
    }
    RetryingClientInterceptorBuilder b = RetryingClientInterceptor.builder(retriers.policyFor(key, policy));
    List<String> codes = grpc.getRetryableCodes();
    if (codes != null) {
      String value = String.join(",", codes);
      List<Status.Code> parsed = new ArrayList<>();
      for (String code : codes) {
        try {
          parsed.add(Status.Code.valueOf(code.trim()));
        } catch (IllegalArgumentException e) {
          throw new BackoffConfigurationException(PREFIX + ".retryable-codes", value,
              "gRPC status code names such as UNAVAILABLE, RESOURCE_EXHAUSTED, ABORTED", e);
        }
      }
      set("retryable-codes", value, () -> b.withRetryableCodes(parsed.toArray(Status.Code[]::new)));
    }
    if (grpc.getMaxServerDelay() != null) {
      set("max-server-delay", String.valueOf(grpc.getMaxServerDelay()),
          () -> b.withMaxServerDelay(grpc.getMaxServerDelay()));
    }
    RetryingClientInterceptor built = b.build();
    byPolicy.put(policy, built);
    return built;
  }

  /** A methods key must be "package.Service" or "package.Service/Method", as gRPC's full names are. */
  private static void checkName(String key, String name) {
    int slash = name.indexOf('/');
    String service = slash < 0 ? name : name.substring(0, slash);
    String method = slash < 0 ? null : name.substring(slash + 1);
    if (service.isBlank() || (method != null && (method.isBlank() || method.contains("/")))) {
      throw new BackoffConfigurationException(key, name,
          "\"package.Service\" or \"package.Service/Method\" (in brackets: backoff.grpc.methods[orders.Orders/Get])",
          null);
    }
  }

  private static void set(String key, String value, Runnable setter) {
    try {
      setter.run();
    } catch (IllegalArgumentException e) {
      throw new BackoffConfigurationException(PREFIX + "." + key, value, "a valid value (" + e.getMessage() + ")",
          e.getMessage(), e);
    }
  }

  /** Matches when {@code backoff.grpc.policy} or an entry of {@code backoff.grpc.methods} is set. */
  static final class OnGrpcPolicy extends SpringBootCondition {
    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
      Binder binder = Binder.get(context.getEnvironment());
      boolean policy = binder.bind(PREFIX + ".policy", String.class).isBound();
      boolean methods = binder.bind(PREFIX + ".methods", Bindable.mapOf(String.class, String.class))
          .map(m -> !m.isEmpty()).orElse(false);
      return policy || methods ? ConditionOutcome.match("backoff.grpc.policy or backoff.grpc.methods is set")
          : ConditionOutcome.noMatch("neither backoff.grpc.policy nor backoff.grpc.methods is set");
    }
  }
}
