package io.github.backoff.bench;

import io.github.backoff.spring.boot.BackoffAutoConfiguration;
import io.github.resilience4j.spring6.fallback.configure.FallbackConfiguration;
import io.github.resilience4j.spring6.retry.configure.RetryConfiguration;
import io.github.resilience4j.spring6.retry.configure.RetryConfigurationProperties;
import io.github.resilience4j.spring6.spelresolver.configure.SpelResolverConfiguration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.EnableAspectJAutoProxy;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.MapPropertySource;

/**
 * The success-path overhead of a retry annotation: a Spring bean's method that returns a constant, called directly,
 * through Backoff's {@code @Retry} (the starter's auto-configuration) and through resilience4j's {@code @Retry}
 * (resilience4j-spring6's aspect). All three beans live in one Spring context and are CGLIB-proxied the same way,
 * except the direct one, which is not proxied. Both policies: 3 attempts; nothing fails.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class AnnotationBenchmark {
  /** The bean without advice. */
  public static class Direct {
    private final String value = "ok";

    public String call() {
      return value;
    }
  }

  /** The bean under Backoff's annotation. */
  public static class WithBackoff {
    private final String value = "ok";

    @io.github.backoff.spring.boot.Retry("bench")
    public String call() {
      return value;
    }
  }

  /** The bean under resilience4j's annotation. */
  public static class WithResilience4j {
    private final String value = "ok";

    @io.github.resilience4j.retry.annotation.Retry(name = "bench")
    public String call() {
      return value;
    }
  }

  /** One context with both libraries, as an application with both starters would have. */
  @Configuration(proxyBeanMethods = false)
  @EnableAspectJAutoProxy(proxyTargetClass = true)
  @Import({BackoffAutoConfiguration.class, RetryConfiguration.class, FallbackConfiguration.class,
      SpelResolverConfiguration.class})
  public static class BenchConfig {
    @Bean
    public RetryConfigurationProperties retryConfigurationProperties() {
      return new RetryConfigurationProperties(); // resilience4j's defaults: 3 attempts, 500 ms wait
    }

    @Bean
    public Direct direct() {
      return new Direct();
    }

    @Bean
    public WithBackoff withBackoff() {
      return new WithBackoff();
    }

    @Bean
    public WithResilience4j withResilience4j() {
      return new WithResilience4j();
    }
  }

  private AnnotationConfigApplicationContext context;
  private Direct direct;
  private WithBackoff backoff;
  private WithResilience4j resilience4j;

  @Setup(Level.Trial)
  public void setUp() {
    context = new AnnotationConfigApplicationContext();
    context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("bench", Map.of(
        "backoff.policies.bench.strategy", "full-jitter",
        "backoff.policies.bench.max-attempts", "3")));
    context.register(BenchConfig.class);
    context.refresh();
    direct = context.getBean(Direct.class);
    backoff = context.getBean(WithBackoff.class);
    resilience4j = context.getBean(WithResilience4j.class);
    if (!org.springframework.aop.support.AopUtils.isAopProxy(backoff)
        || !org.springframework.aop.support.AopUtils.isAopProxy(resilience4j)) {
      throw new IllegalStateException("the annotated beans must be proxied");
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    context.close();
  }

  @Benchmark
  public String direct() {
    return direct.call();
  }

  @Benchmark
  public String backoffAnnotation() {
    return backoff.call();
  }

  @Benchmark
  public String resilience4jAnnotation() {
    return resilience4j.call();
  }
}
