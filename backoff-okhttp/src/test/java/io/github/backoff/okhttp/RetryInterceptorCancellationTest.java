package io.github.backoff.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.AttemptTimeoutException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.Sleeper;
import io.github.backoff.StopReason;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.testing.EventRecorder;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.jetbrains.annotations.NotNull;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Canceled calls, OkHttp's call timeout, interruption, and retries of calls run by enqueue(). */
class RetryInterceptorCancellationTest {
  private final FakeClock clock = new FakeClock();
  private final EventRecorder<RetryEvent<?>> events = new EventRecorder<>();
  private FaultServer server;

  @BeforeEach
  void start() throws IOException {
    server = FaultServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private Request get() {
    return new Request.Builder().url(HttpUrl.get(server.uri("/items"))).build();
  }

  /** A sleeper in virtual time that cancels the call the first time it is asked to wait. */
  private Sleeper cancelingSleeper(AtomicReference<Call> call, AtomicInteger slices) {
    return nanos -> {
      slices.incrementAndGet();
      call.get().cancel();
      clock.sleep(nanos);
    };
  }

  @Test
  void execute_canceledDuringTheWait_stopsWaitingAndNeverRetries() {
    server.enqueue(FaultReply.status(503).withBody("busy"));
    AtomicReference<Call> call = new AtomicReference<>();
    AtomicInteger slices = new AtomicInteger();
    OkHttpClient client = Fixtures.client(Fixtures.virtual(Fixtures.policy(events), clock)
        .withSleeper(cancelingSleeper(call, slices)).build()).build();
    call.set(client.newCall(get()));

    assertThatThrownBy(() -> call.get().execute()).isInstanceOfSatisfying(RetryIOException.class, e -> {
      assertThat(e.reason()).isEqualTo(StopReason.ABORTED);
      assertThat(e.attempts()).isEqualTo(2);
      assertThat(e.retryException().getCause()).hasMessage("Canceled");
    });
    assertThat(server.requestCount()).isEqualTo(1);
    // The 1 s wait was cut after its first 20 ms slice.
    assertThat(slices.get()).isEqualTo(1);
    assertThat(clock.nanoTime()).isEqualTo(Duration.ofMillis(20).toNanos());
  }

  @Test
  void enqueue_canceledDuringTheWait_callbackGetsAbortedAndNoRetry() throws Exception {
    server.enqueue(FaultReply.status(503).withBody("busy"));
    AtomicReference<Call> call = new AtomicReference<>();
    AtomicInteger slices = new AtomicInteger();
    OkHttpClient client = Fixtures.client(Fixtures.virtual(Fixtures.policy(events), clock)
        .withSleeper(cancelingSleeper(call, slices)).build()).build();
    call.set(client.newCall(get()));
    CompletableFuture<Object> outcome = new CompletableFuture<>();

    call.get().enqueue(callback(outcome));

    assertThat(outcome.get(10, TimeUnit.SECONDS)).isInstanceOfSatisfying(RetryIOException.class,
        e -> assertThat(e.reason()).isEqualTo(StopReason.ABORTED));
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void execute_canceledInFlight_failsWithoutRetry() throws Exception {
    server.enqueue(FaultReply.ok("late").withHeadersDelay(Duration.ofSeconds(10)));
    OkHttpClient client = Fixtures.client(Fixtures.virtual(Fixtures.policy(events), clock).build()).build();
    Call call = client.newCall(get());
    CompletableFuture<Object> outcome = new CompletableFuture<>();
    call.enqueue(callback(outcome));
    assertThat(server.awaitRequestCount(1, Duration.ofSeconds(5))).isTrue();

    call.cancel();

    assertThat(outcome.get(10, TimeUnit.SECONDS)).isInstanceOfSatisfying(RetryIOException.class, e -> {
      assertThat(e.reason()).isEqualTo(StopReason.ABORTED);
      assertThat(e.attempts()).isEqualTo(1);
    });
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void execute_okHttpCallTimeout_coversEveryAttemptAndStopsTheRetries() {
    // Real time, briefly: OkHttp's call timeout (300 ms) fires during the first attempt and cancels the call.
    server.enqueue(FaultReply.ok("late").withHeadersDelay(Duration.ofSeconds(10)));
    OkHttpClient client = Fixtures.client(RetryInterceptor.of(Fixtures.policy(events)))
        .callTimeout(300, TimeUnit.MILLISECONDS).build();

    // OkHttp reports a timed-out call as its own InterruptedIOException("timeout"), with ours as the cause.
    assertThatThrownBy(() -> client.newCall(get()).execute()).isInstanceOf(InterruptedIOException.class)
        .hasMessage("timeout").cause().isInstanceOfSatisfying(RetryIOException.class,
            e -> assertThat(e.reason()).isEqualTo(StopReason.ABORTED));
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void execute_interruptedDuringTheWait_stopsAndKeepsTheInterruptFlag() {
    server.enqueue(FaultReply.status(503).withBody("busy"));
    OkHttpClient client = Fixtures.client(Fixtures.virtual(Fixtures.policy(events), clock)
        .withSleeper(nanos -> {
          throw new InterruptedException("test");
        }).build()).build();

    try {
      assertThatThrownBy(() -> client.newCall(get()).execute()).isInstanceOfSatisfying(RetryIOException.class,
          e -> assertThat(e.reason()).isEqualTo(StopReason.INTERRUPTED));
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void enqueue_503Then200_retriedOnTheDispatcherThread() throws Exception {
    server.enqueue(FaultReply.status(503).withBody("busy"), FaultReply.status(502).withBody("bad gateway"));
    OkHttpClient client = Fixtures.client(Fixtures.virtual(Fixtures.policy(events), clock).build()).build();
    CompletableFuture<Object> outcome = new CompletableFuture<>();

    client.newCall(get()).enqueue(callback(outcome));

    assertThat(outcome.get(10, TimeUnit.SECONDS)).isEqualTo(200);
    assertThat(server.requestCount()).isEqualTo(3);
    assertThat(clock.nanoTime()).isEqualTo(Duration.ofSeconds(2).toNanos());
  }

  @Test
  void execute_policyWithAttemptTimeout_retriesASlowAttempt() throws IOException {
    // Real time, briefly: the first attempt's read times out at the policy's 1 s; the second gets the answer within
    // it (200 ms, used before, is within what a loaded machine can add to a loopback exchange).
    server.enqueue(FaultReply.ok("late").withHeadersDelay(Duration.ofSeconds(60)));
    RetryPolicy<Response> policy = Fixtures.policy(events).toBuilder().withAttemptTimeout(Duration.ofMillis(1000))
        .build();
    OkHttpClient client = Fixtures.client(Fixtures.virtual(policy, clock).build()).build();

    try (Response response = client.newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
      assertThat(response.body().string()).isEqualTo("ok");
    }
    assertThat(server.requestCount()).isEqualTo(2);
    // Whichever fires first: the read timeout cut to 1 s, or the core's attempt timer.
    assertThat(events.ofType(RetryScheduled.class).get(0).failure()).isInstanceOfAny(SocketTimeoutException.class,
        AttemptTimeoutException.class);
  }

  @Test
  void execute_interruptedDuringAnAttempt_stopsAndKeepsTheInterruptFlag() throws Exception {
    // Real time, briefly: a blocking socket read ignores the interrupt until its 300 ms timeout; then the core sees
    // the interrupted thread and stops instead of retrying.
    server.enqueue(FaultReply.ok("late").withHeadersDelay(Duration.ofSeconds(10)));
    OkHttpClient client = Fixtures.client(Fixtures.virtual(Fixtures.policy(events), clock).build())
        .readTimeout(300, TimeUnit.MILLISECONDS).build();
    CompletableFuture<Object> outcome = new CompletableFuture<>();
    Thread caller = new Thread(() -> {
      try {
        client.newCall(get()).execute().close();
        outcome.complete("returned");
      } catch (IOException e) {
        outcome.complete(List.of(e, Thread.currentThread().isInterrupted()));
      }
    });
    caller.start();
    assertThat(server.awaitRequestCount(1, Duration.ofSeconds(5))).isTrue();

    caller.interrupt();

    assertThat(outcome.get(10, TimeUnit.SECONDS)).isInstanceOfSatisfying(List.class, l -> {
      assertThat(l.get(0)).isInstanceOfSatisfying(RetryIOException.class,
          e -> assertThat(e.reason()).isEqualTo(StopReason.INTERRUPTED));
      assertThat(l.get(1)).isEqualTo(true);
    });
    assertThat(server.requestCount()).isEqualTo(1);
  }

  /** A callback that completes {@code outcome} with the status code, or with the exception. */
  private static Callback callback(CompletableFuture<Object> outcome) {
    return new Callback() {
      @Override
      public void onFailure(@NotNull Call call, @NotNull IOException e) {
        outcome.complete(e);
      }

      @Override
      public void onResponse(@NotNull Call call, @NotNull Response response) {
        try (response) {
          outcome.complete(response.code());
        }
      }
    };
  }
}
