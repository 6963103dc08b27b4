package io.github.backoff.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.grpc.RetryingClientInterceptor;
import io.github.backoff.spring.web.RetryingRequestInterceptor;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.ClientCalls;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.grpc.client.autoconfigure.GrpcClientAutoConfiguration;
import org.springframework.boot.restclient.autoconfigure.RestClientAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.grpc.client.GrpcChannelFactory;

/**
 * {@link BackoffGrpcAutoConfiguration} in a real Spring context with Spring Boot 4.1's gRPC client
 * auto-configuration, against a real grpc-java in-process server that fails on script and counts what it saw: the
 * channels Spring gRPC's factory builds retry under the named policies, per method where {@code methods} says so,
 * and the budget is the one instance the HTTP clients' policy names.
 */
class BackoffGrpcAutoConfigurationTest {
  private static final String SERVER = "backoff-starter-grpc";
  private static final MethodDescriptor.Marshaller<String> UTF8 = new MethodDescriptor.Marshaller<>() {
    @Override
    public InputStream stream(String value) {
      return new ByteArrayInputStream(value.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String parse(InputStream stream) {
      try {
        return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  };
  private static final MethodDescriptor<String, String> GET = method("Get");
  private static final MethodDescriptor<String, String> CANCEL = method("Cancel");

  /** Failures still to answer, per full method name; then "ok". */
  private static final ConcurrentHashMap<String, AtomicInteger> FAILURES = new ConcurrentHashMap<>();
  /** The full method name of every call the server saw, in order. */
  private static final ConcurrentLinkedQueue<String> ARRIVALS = new ConcurrentLinkedQueue<>();
  private static Server server;

  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(BackoffAutoConfiguration.class, BackoffGrpcAutoConfiguration.class,
          BackoffHttpClientsAutoConfiguration.class, RestClientAutoConfiguration.class, SslAutoConfiguration.class,
          GrpcClientAutoConfiguration.class))
      .withPropertyValues(
          "backoff.budgets.shared.type=token-bucket",
          "backoff.policies.remote.strategy=constant",
          "backoff.policies.remote.base=1ms",
          "backoff.policies.remote.max-attempts=3",
          "backoff.policies.remote.budget=shared",
          "backoff.policies.once.strategy=none",
          "backoff.policies.once.max-attempts=1");

  private static MethodDescriptor<String, String> method(String name) {
    return MethodDescriptor.<String, String>newBuilder().setType(MethodDescriptor.MethodType.UNARY)
        .setFullMethodName(MethodDescriptor.generateFullMethodName("test.Orders", name))
        .setRequestMarshaller(UTF8).setResponseMarshaller(UTF8).build();
  }

  @BeforeAll
  static void startServer() throws IOException {
    ServerCallHandler<String, String> handler = (call, headers) -> {
      call.request(1);
      return new ServerCall.Listener<>() {
        @Override
        public void onHalfClose() {
          String name = call.getMethodDescriptor().getFullMethodName();
          ARRIVALS.add(name);
          AtomicInteger failures = FAILURES.get(name);
          if (failures != null && failures.getAndDecrement() > 0) {
            call.close(Status.UNAVAILABLE.withDescription("scripted"), new Metadata());
            return;
          }
          call.sendHeaders(new Metadata());
          call.sendMessage("ok");
          call.close(Status.OK, new Metadata());
        }
      };
    };
    server = InProcessServerBuilder.forName(SERVER).directExecutor()
        .addService(ServerServiceDefinition.builder("test.Orders").addMethod(GET, handler)
            .addMethod(CANCEL, handler).build())
        .build().start();
  }

  @AfterAll
  static void stopServer() throws InterruptedException {
    server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
  }

  @BeforeEach
  void clearScript() {
    FAILURES.clear();
    ARRIVALS.clear();
  }

  private static String call(ManagedChannel channel, MethodDescriptor<String, String> method) {
    return ClientCalls.blockingUnaryCall(channel, method,
        io.grpc.CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), "x");
  }

  @Test
  void policySet_channelsOfSpringGrpcRetry_andShareTheHttpClientsBudget() {
    runner.withPropertyValues("backoff.grpc.policy=remote", "backoff.grpc.methods[test.Orders/Cancel]=once",
        "backoff.http.restclient.policy=remote").run(context -> {
          assertThat(context).hasNotFailed();
          ManagedChannel channel = context.getBean(GrpcChannelFactory.class).createChannel("in-process:" + SERVER);
          FAILURES.put(GET.getFullMethodName(), new AtomicInteger(2));
          FAILURES.put(CANCEL.getFullMethodName(), new AtomicInteger(1));

          assertThat(call(channel, GET)).isEqualTo("ok");
          assertThat(ARRIVALS).containsExactly(GET.getFullMethodName(), GET.getFullMethodName(),
              GET.getFullMethodName());
          ARRIVALS.clear();
          assertThatThrownBy(() -> call(channel, CANCEL)).isInstanceOf(StatusRuntimeException.class)
              .extracting(e -> Status.fromThrowable(e).getCode()).isEqualTo(Status.Code.UNAVAILABLE);
          assertThat(ARRIVALS).as("methods[...]=once: no retry").containsExactly(CANCEL.getFullMethodName());

          // One budget: the named one, the gRPC policy's and the RestClient's are the same instance, and it saw
          // the gRPC calls under "remote" (token bucket: 100 - 2 failures + 0.1 for the success; "once" has none).
          RetryBudget shared = context.getBean(Retriers.class).budgets().get("shared");
          BackoffGrpcChannelCustomizer<?> customizer = context.getBean(BackoffGrpcChannelCustomizer.class);
          RetryingClientInterceptor get = customizer.interceptorFor(GET.getFullMethodName());
          RetryingRequestInterceptor http = context.getBean(BackoffRestClientCustomizer.class).interceptor();
          assertThat(get.policy().budget()).containsSame(shared);
          assertThat(http.budget()).containsSame(shared);
          assertThat(customizer.interceptorFor(CANCEL.getFullMethodName()).policy().maxAttempts()).isEqualTo(1);
          assertThat(shared.available()).isCloseTo(98.1, org.assertj.core.data.Offset.offset(1e-9));
          channel.shutdownNow();
        });
  }

  @Test
  void codesAndChannels_setOnTheInterceptor_otherChannelsLeftAlone() {
    runner.withPropertyValues("backoff.grpc.policy=remote", "backoff.grpc.retryable-codes=UNAVAILABLE,ABORTED",
        "backoff.grpc.max-server-delay=5s", "backoff.grpc.channels=orders").run(context -> {
          assertThat(context).hasNotFailed();
          BackoffGrpcChannelCustomizer<?> customizer = context.getBean(BackoffGrpcChannelCustomizer.class);
          assertThat(customizer.interceptorFor("any.Service/Any").retryableCodes())
              .containsExactlyInAnyOrder(Status.Code.UNAVAILABLE, Status.Code.ABORTED);
          ManagedChannel channel = context.getBean(GrpcChannelFactory.class).createChannel("in-process:" + SERVER);
          FAILURES.put(GET.getFullMethodName(), new AtomicInteger(1));

          assertThatThrownBy(() -> call(channel, GET)).isInstanceOf(StatusRuntimeException.class);
          assertThat(ARRIVALS).as("not a channel named in backoff.grpc.channels").hasSize(1);
          channel.shutdownNow();
        });
  }

  @Test
  void docsExample_startsAndRoutesAsDocumented() throws IOException {
    String doc = java.nio.file.Files.readString(java.nio.file.Path.of("../docs/grpc.md"));
    int from = doc.indexOf("```properties\n", doc.indexOf("### Spring Boot")) + "```properties\n".length();
    String[] lines = doc.substring(from, doc.indexOf("```", from)).strip().split("\n");

    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BackoffAutoConfiguration.class, BackoffGrpcAutoConfiguration.class,
            BackoffHttpClientsAutoConfiguration.class, RestClientAutoConfiguration.class, SslAutoConfiguration.class,
            GrpcClientAutoConfiguration.class))
        .withPropertyValues(lines).run(context -> {
          assertThat(context).hasNotFailed();
          BackoffGrpcChannelCustomizer<?> customizer = context.getBean(BackoffGrpcChannelCustomizer.class);
          RetryBudget orders = context.getBean(Retriers.class).budgets().get("orders");
          assertThat(customizer.interceptorFor("orders.Orders/Get").policy().budget()).containsSame(orders);
          assertThat(context.getBean(BackoffRestClientCustomizer.class).interceptor().budget()).containsSame(orders);
          assertThat(customizer.interceptorFor("orders.Orders/Cancel").policy().maxAttempts()).isEqualTo(1);
        });
  }

  @Test
  void nothingSet_noCustomizer() {
    runner.run(context -> assertThat(context).hasNotFailed()
        .doesNotHaveBean(BackoffGrpcChannelCustomizer.class));
  }

  @Test
  void withoutSpringGrpc_noCustomizer() {
    runner.withPropertyValues("backoff.grpc.policy=remote")
        .withClassLoader(new FilteredClassLoader("org.springframework.grpc"))
        .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean("backoffGrpcChannelCustomizer"));
  }

  @Test
  void badValues_failTheStartUpNamingTheKey() {
    for (List<String> bad : List.of(
        List.of("backoff.grpc.policy=nope", "backoff.grpc.policy", "nope"),
        List.of("backoff.grpc.methods[test.Orders/]=remote", "backoff.grpc.methods[test.Orders/]", "test.Orders/"),
        List.of("backoff.grpc.methods[test.Orders]=nope", "backoff.grpc.methods[test.Orders]", "nope"),
        List.of("backoff.grpc.retryable-codes=UNAVAILABLE,SOMETIMES", "backoff.grpc.retryable-codes",
            "UNAVAILABLE,SOMETIMES"),
        List.of("backoff.grpc.retryable-codes=NOT_FOUND", "backoff.grpc.retryable-codes", "NOT_FOUND"))) {
      String property = bad.get(0).startsWith("backoff.grpc.policy") || bad.get(0).startsWith("backoff.grpc.methods")
          ? bad.get(0) : "backoff.grpc.policy=remote";
      runner.withPropertyValues(property, bad.get(0)).run(context -> {
        assertThat(context).as(bad.get(0)).hasFailed();
        BackoffConfigurationException e = findCause(context.getStartupFailure());
        assertThat(e).as(bad.get(0)).isNotNull();
        assertThat(e.property()).isEqualTo(bad.get(1));
        assertThat(e.value()).isEqualTo(bad.get(2));
        FailureAnalysis analysis = new BackoffFailureAnalyzer().analyze(context.getStartupFailure());
        assertThat(analysis.getDescription()).contains(bad.get(1));
      });
    }
  }

  private static BackoffConfigurationException findCause(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof BackoffConfigurationException e) {
        return e;
      }
    }
    return null;
  }
}
