package io.github.backoff.grpc;

import static io.github.backoff.grpc.FaultService.ATTEMPT_TRAILER;
import static io.github.backoff.grpc.FaultService.STREAM;
import static io.github.backoff.grpc.FaultService.UNARY;
import static io.github.backoff.grpc.FaultService.fail;
import static io.github.backoff.grpc.FaultService.hang;
import static io.github.backoff.grpc.FaultService.messageThenFail;
import static io.github.backoff.grpc.FaultService.ok;
import static io.github.backoff.grpc.FaultService.pushback;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Any;
import com.google.rpc.RetryInfo;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.GaveUp;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.grpc.FaultService.Transport;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.ManualScheduler;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.ClientCalls;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every rule of the interceptor against the real grpc-java, on the in-process transport and on Netty over
 * 127.0.0.1, with one scripted server of each for the class. Waits are a millisecond unless a rule is about waits.
 */
class RetryingClientInterceptorTest {
  private static FaultService server;
  private static final Map<Transport, ManagedChannel> CHANNELS = new EnumMap<>(Transport.class);

  @BeforeAll
  static void startServers() throws Exception {
    server = new FaultService();
    for (Transport t : Transport.values()) {
      CHANNELS.put(t, server.channel(t));
    }
  }

  @AfterAll
  static void stopServers() throws Exception {
    for (ManagedChannel c : CHANNELS.values()) {
      c.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
    server.close();
  }

  private static RetryPolicy<Object> policy(int maxAttempts, Duration wait) {
    return RetryPolicy.builder().withBackoff(Backoff.constant(wait)).withMaxAttempts(maxAttempts).build();
  }

  private static Channel channel(Transport t, RetryingClientInterceptor interceptor) {
    return ClientInterceptors.intercept(CHANNELS.get(t), interceptor);
  }

  private static String unary(Channel channel, CallOptions options) {
    return ClientCalls.blockingUnaryCall(channel, UNARY, options.withDeadlineAfter(10, TimeUnit.SECONDS), "hello");
  }

  private static RecordingListener start(Channel channel, io.grpc.MethodDescriptor<String, String> method,
      CallOptions options, String request) {
    RecordingListener listener = new RecordingListener();
    ClientCall<String, String> call = channel.newCall(method, options);
    call.start(listener, new Metadata());
    call.request(10);
    call.sendMessage(request);
    call.halfClose();
    return listener;
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void unary_unavailableTwice_retriedWithPreviousAttemptsHeader(Transport t) {
    server.script(fail(Status.Code.UNAVAILABLE), fail(Status.Code.RESOURCE_EXHAUSTED), ok("done"));

    String reply = unary(channel(t, RetryingClientInterceptor.of(policy(4, Duration.ofMillis(1)))), CallOptions.DEFAULT);

    assertThat(reply).isEqualTo("done");
    assertThat(server.arrivals).extracting(FaultService.Arrival::previousAttempts).containsExactly(null, "1", "2");
    assertThat(server.arrivals).extracting(FaultService.Arrival::request).containsOnly("hello");
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void unary_notRetryableCodes_sentOnce(Transport t) {
    Channel channel = channel(t, RetryingClientInterceptor.of(policy(4, Duration.ofMillis(1))));
    for (Status.Code code : List.of(Status.Code.INVALID_ARGUMENT, Status.Code.NOT_FOUND,
        Status.Code.PERMISSION_DENIED, Status.Code.INTERNAL)) {
      server.script(fail(code));

      assertThatThrownBy(() -> unary(channel, CallOptions.DEFAULT)).isInstanceOf(StatusRuntimeException.class)
          .extracting(e -> Status.fromThrowable(e).getCode()).isEqualTo(code);
      assertThat(server.arrivals).as("%s", code).hasSize(1);
    }
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void unary_attemptsExhausted_endsWithLastAttemptsStatusAndTrailers(Transport t) {
    server.script(fail(Status.Code.UNAVAILABLE), fail(Status.Code.UNAVAILABLE), fail(Status.Code.UNAVAILABLE),
        ok("late"));
    List<RetryEvent<?>> events = new CopyOnWriteArrayList<>();
    RetryPolicy<Object> policy = policy(3, Duration.ofMillis(1)).toBuilder().onEvent(events::add).build();

    RecordingListener l = start(channel(t, RetryingClientInterceptor.of(policy)), UNARY, CallOptions.DEFAULT, "x");

    assertThat(await(l).getCode()).isEqualTo(Status.Code.UNAVAILABLE);
    assertThat(l.status.getDescription()).isEqualTo("scripted UNAVAILABLE #3"); // not wrapped
    assertThat(l.trailers.get(ATTEMPT_TRAILER)).isEqualTo("3");
    assertThat(l.closes.get()).isEqualTo(1);
    assertThat(server.arrivals).hasSize(3);
    assertThat(events).filteredOn(GaveUp.class::isInstance).singleElement()
        .extracting(e -> ((GaveUp<?>) e).reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void unary_retryableCodesConfigured_retriesThoseOnly(Transport t) {
    RetryingClientInterceptor interceptor = RetryingClientInterceptor.builder(policy(3, Duration.ofMillis(1)))
        .withRetryableCodes(Status.Code.ABORTED).build();
    server.script(fail(Status.Code.ABORTED), ok("done"));
    assertThat(unary(channel(t, interceptor), CallOptions.DEFAULT)).isEqualTo("done");
    assertThat(server.arrivals).hasSize(2);

    server.script(fail(Status.Code.UNAVAILABLE));
    assertThatThrownBy(() -> unary(channel(t, interceptor), CallOptions.DEFAULT))
        .isInstanceOf(StatusRuntimeException.class);
    assertThat(server.arrivals).hasSize(1);
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void pushback_valid_setsTheWait(Transport t) {
    server.script(pushback(Status.Code.UNAVAILABLE, "300"), ok("done"));

    assertThat(unary(channel(t, RetryingClientInterceptor.of(policy(3, Duration.ofMillis(1)))), CallOptions.DEFAULT))
        .isEqualTo("done");

    assertThat(server.gapsMillis()).singleElement().satisfies(gap -> assertThat(gap).isGreaterThanOrEqualTo(300));
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void pushback_valid_theEventsWaitIsTheServers(Transport t) {
    server.script(pushback(Status.Code.UNAVAILABLE, "300"), ok("done"));
    List<RetryEvent<?>> events = new CopyOnWriteArrayList<>();
    RetryPolicy<Object> policy = policy(3, Duration.ofMillis(1)).toBuilder().onEvent(events::add).build();

    unary(channel(t, RetryingClientInterceptor.of(policy)), CallOptions.DEFAULT);

    assertThat(events).filteredOn(RetryScheduled.class::isInstance).map(e -> (RetryScheduled<?>) e).singleElement()
        .satisfies(e -> {
          assertThat(e.delay()).isEqualTo(Duration.ofMillis(300)); // not the strategy's 1 ms
          assertThat(e.overridden()).isTrue();
        });
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void retryInfo_theEventsWaitIsTheServers(Transport t) {
    com.google.rpc.Status details = com.google.rpc.Status.newBuilder().setCode(Status.Code.UNAVAILABLE.value())
        .addDetails(Any.pack(RetryInfo.newBuilder()
            .setRetryDelay(com.google.protobuf.Duration.newBuilder().setNanos(40_000_000)).build()))
        .build();
    server.script(fail(Status.Code.UNAVAILABLE, StatusProto.toStatusRuntimeException(details).getTrailers()),
        ok("done"));
    List<RetryEvent<?>> events = new CopyOnWriteArrayList<>();
    RetryPolicy<Object> policy = policy(3, Duration.ofMillis(1)).toBuilder().onEvent(events::add).build();

    unary(channel(t, RetryingClientInterceptor.of(policy)), CallOptions.DEFAULT);

    assertThat(events).filteredOn(RetryScheduled.class::isInstance)
        .extracting(e -> ((RetryScheduled<?>) e).delay()).containsExactly(Duration.ofMillis(40));
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void pushback_negativeOrUnparseable_stopsRetrying(Transport t) {
    List<RetryEvent<?>> events = new CopyOnWriteArrayList<>();
    RetryPolicy<Object> policy = policy(3, Duration.ofMillis(1)).toBuilder().onEvent(events::add).build();
    Channel channel = channel(t, RetryingClientInterceptor.of(policy));
    for (String value : List.of("-1", "soon", "99999999999")) {
      server.script(pushback(Status.Code.UNAVAILABLE, value), ok("done"));

      assertThatThrownBy(() -> unary(channel, CallOptions.DEFAULT)).isInstanceOf(StatusRuntimeException.class);
      assertThat(server.arrivals).as(value).hasSize(1);
    }
    assertThat(events).filteredOn(GaveUp.class::isInstance)
        .extracting(e -> ((GaveUp<?>) e).reason()).containsOnly(StopReason.ABORTED);
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void pushback_longerThanMaxServerDelay_endsTheCall(Transport t) {
    RetryingClientInterceptor interceptor = RetryingClientInterceptor.builder(policy(3, Duration.ofMillis(1)))
        .withMaxServerDelay(Duration.ofMillis(100)).build();
    server.script(pushback(Status.Code.UNAVAILABLE, "5000"), ok("done"));

    assertThatThrownBy(() -> unary(channel(t, interceptor), CallOptions.DEFAULT))
        .isInstanceOf(StatusRuntimeException.class);
    assertThat(server.arrivals).hasSize(1);
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void pushback_longerThanMaxServerDelay_gaveUpTooLongAndTheBudgetKeepsItsTokens(Transport t) {
    RetryBudget budget = RetryBudget.retryQuota(10, 5, 10);
    List<RetryEvent<?>> events = new CopyOnWriteArrayList<>();
    RetryPolicy<Object> policy = policy(3, Duration.ofMillis(1)).toBuilder().withBudget(budget)
        .onEvent(events::add).build();
    RetryingClientInterceptor interceptor = RetryingClientInterceptor.builder(policy)
        .withMaxServerDelay(Duration.ofMillis(100)).build();
    server.script(pushback(Status.Code.UNAVAILABLE, "5000"), ok("done"));

    assertThatThrownBy(() -> unary(channel(t, interceptor), CallOptions.DEFAULT))
        .extracting(e -> Status.fromThrowable(e).getCode()).isEqualTo(Status.Code.UNAVAILABLE);

    assertThat(events).last().isInstanceOfSatisfying(GaveUp.class,
        g -> assertThat(g.reason()).isEqualTo(StopReason.DELAY_TOO_LONG));
    assertThat(events).noneMatch(RetryScheduled.class::isInstance);
    assertThat(budget.available()).isEqualTo(10.0);
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void retryInfo_inStatusDetails_setsTheWait(Transport t) {
    com.google.rpc.Status details = com.google.rpc.Status.newBuilder().setCode(Status.Code.UNAVAILABLE.value())
        .setMessage("busy").addDetails(Any.pack(RetryInfo.newBuilder()
            .setRetryDelay(com.google.protobuf.Duration.newBuilder().setNanos(250_000_000)).build()))
        .build();
    Metadata trailers = StatusProto.toStatusRuntimeException(details).getTrailers();
    server.script(fail(Status.Code.UNAVAILABLE, trailers), ok("done"));

    assertThat(unary(channel(t, RetryingClientInterceptor.of(policy(3, Duration.ofMillis(1)))), CallOptions.DEFAULT))
        .isEqualTo("done");

    assertThat(server.gapsMillis()).singleElement().satisfies(gap -> assertThat(gap).isGreaterThanOrEqualTo(250));
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void deadline_spansAttempts_noAttemptStartsAfterIt(Transport t) {
    server.script(fail(Status.Code.UNAVAILABLE), fail(Status.Code.UNAVAILABLE), fail(Status.Code.UNAVAILABLE),
        fail(Status.Code.UNAVAILABLE));
    Channel channel = channel(t, RetryingClientInterceptor.of(policy(10, Duration.ofMillis(2000))));
    long start = System.nanoTime();

    assertThatThrownBy(() -> ClientCalls.blockingUnaryCall(channel, UNARY,
        CallOptions.DEFAULT.withDeadlineAfter(3000, TimeUnit.MILLISECONDS), "x"))
        .isInstanceOf(StatusRuntimeException.class)
        .extracting(e -> Status.fromThrowable(e).getCode()).isEqualTo(Status.Code.UNAVAILABLE);

    // 0 and ~2 s; a third would start at ~4 s, past the 3 s deadline: not made, and the call ends with the last
    // attempt's UNAVAILABLE (an attempt started past the deadline would end DEADLINE_EXCEEDED). The second attempt has
    // a second to reach the server and fail before the deadline (it had 200 ms with 300 ms / 500 ms, too little on a
    // loaded machine). A loaded machine may leave time for one attempt only.
    assertThat(server.arrivals).hasSizeBetween(1, 2);
    assertThat(server.arrivals).allSatisfy(a -> assertThat(a.nanos() - start).isLessThan(3_000_000_000L));
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void deadline_retryRuledOut_gaveUpWithTimeBudgetExhaustedAndTheBudgetKeepsItsTokens(Transport t) {
    server.script(fail(Status.Code.UNAVAILABLE), ok("done"));
    RetryBudget budget = RetryBudget.retryQuota(10, 5, 10);
    List<RetryEvent<?>> events = new CopyOnWriteArrayList<>();
    RetryPolicy<Object> policy = policy(3, Duration.ofSeconds(30)).toBuilder().withBudget(budget)
        .onEvent(events::add).build();
    Channel channel = channel(t, RetryingClientInterceptor.of(policy));

    assertThatThrownBy(() -> ClientCalls.blockingUnaryCall(channel, UNARY,
        CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), "x"))
        .extracting(e -> Status.fromThrowable(e).getCode()).isEqualTo(Status.Code.UNAVAILABLE);

    assertThat(server.arrivals).hasSize(1);
    assertThat(events).noneMatch(RetryScheduled.class::isInstance);
    assertThat(events).last().isInstanceOfSatisfying(GaveUp.class, g -> {
      assertThat(g.reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED);
      assertThat(g.attempt()).isEqualTo(1);
    });
    assertThat(budget.available()).as("the retry not made took no token").isEqualTo(10.0);
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void deadline_pushbackPastIt_gaveUpWithTimeBudgetExhausted(Transport t) {
    server.script(pushback(Status.Code.UNAVAILABLE, "20000"), ok("done"));
    List<RetryEvent<?>> events = new CopyOnWriteArrayList<>();
    RetryPolicy<Object> policy = policy(3, Duration.ofMillis(1)).toBuilder().onEvent(events::add).build();
    Channel channel = channel(t, RetryingClientInterceptor.of(policy));

    assertThatThrownBy(() -> ClientCalls.blockingUnaryCall(channel, UNARY,
        CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), "x"))
        .extracting(e -> Status.fromThrowable(e).getCode()).isEqualTo(Status.Code.UNAVAILABLE);

    assertThat(server.arrivals).hasSize(1);
    assertThat(events).last().isInstanceOfSatisfying(GaveUp.class,
        g -> assertThat(g.reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED));
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void deadline_slowAnswer_deadlineExceededNotRetried(Transport t) {
    server.script(server.slow(Duration.ofMillis(2_000), ok("late")), ok("fast"));
    Channel channel = channel(t, RetryingClientInterceptor.of(policy(3, Duration.ofMillis(1))));

    assertThatThrownBy(() -> ClientCalls.blockingUnaryCall(channel, UNARY,
        CallOptions.DEFAULT.withDeadlineAfter(200, TimeUnit.MILLISECONDS), "x"))
        .extracting(e -> Status.fromThrowable(e).getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
    assertThat(server.arrivals).as("DEADLINE_EXCEEDED is not retried").hasSizeLessThanOrEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void committed_messageThenError_neverRetried(Transport t) {
    server.script(messageThenFail(Status.Code.UNAVAILABLE), ok("a", "b"));

    RecordingListener l = start(channel(t, RetryingClientInterceptor.of(policy(3, Duration.ofMillis(1)))), STREAM,
        CallOptions.DEFAULT, "x");

    assertThat(await(l).getCode()).isEqualTo(Status.Code.UNAVAILABLE);
    assertThat(l.messages).containsExactly("partial");
    assertThat(server.arrivals).hasSize(1);
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void serverStreaming_failedBeforeAnyMessage_retriedAndReplayed(Transport t) {
    server.script(fail(Status.Code.UNAVAILABLE), ok("a", "b", "c"));

    RecordingListener l = start(channel(t, RetryingClientInterceptor.of(policy(3, Duration.ofMillis(1)))), STREAM,
        CallOptions.DEFAULT, "stream me");

    assertThat(await(l).isOk()).isTrue();
    assertThat(l.messages).containsExactly("a", "b", "c");
    assertThat(l.headers.get()).isEqualTo(1);
    assertThat(server.arrivals).extracting(FaultService.Arrival::request).containsExactly("stream me", "stream me");
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void bufferLimit_requestLargerThanBound_sentOnceNotRetried(Transport t) {
    RetryingClientInterceptor interceptor = RetryingClientInterceptor.builder(policy(3, Duration.ofMillis(1)))
        .withBufferLimit(10).build();
    server.script(fail(Status.Code.UNAVAILABLE), ok("done"));

    RecordingListener l = start(channel(t, interceptor), UNARY, CallOptions.DEFAULT, "x".repeat(11));

    assertThat(await(l).getCode()).isEqualTo(Status.Code.UNAVAILABLE);
    assertThat(server.arrivals).hasSize(1);

    server.script(fail(Status.Code.UNAVAILABLE), ok("done"));
    RecordingListener small = start(channel(t, interceptor), UNARY, CallOptions.DEFAULT, "x".repeat(10));
    assertThat(await(small).isOk()).isTrue();
    assertThat(server.arrivals).hasSize(2);
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void cancel_duringTheWait_noFurtherAttemptAndCancelled(Transport t) throws Exception {
    ManualScheduler scheduler = new ManualScheduler();
    RetryingClientInterceptor interceptor = RetryingClientInterceptor.builder(policy(5, Duration.ofSeconds(1)))
        .withScheduler(scheduler).build();
    server.script(fail(Status.Code.UNAVAILABLE), ok("done"));
    RecordingListener l = new RecordingListener();
    ClientCall<String, String> call = channel(t, interceptor).newCall(UNARY, CallOptions.DEFAULT);
    call.start(l, new Metadata());
    call.request(2);
    call.sendMessage("x");
    call.halfClose();
    awaitCondition(() -> scheduler.pendingTasks() == 1); // the first attempt failed; the retry waits

    call.cancel("user gave up", null);
    scheduler.advance(Duration.ofSeconds(5));

    assertThat(await(l).getCode()).isEqualTo(Status.Code.CANCELLED);
    assertThat(l.status.getDescription()).isEqualTo("user gave up");
    assertThat(scheduler.pendingTasks()).isZero();
    assertThat(server.arrivals).hasSize(1);
    assertThat(l.closes.get()).isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void cancel_duringAnAttempt_cancelsItAtTheServer(Transport t) throws Exception {
    server.script(hang(), ok("done"));
    ManualScheduler waits = new ManualScheduler(); // a retry's wait would be scheduled here, in virtual time
    ClientCall<String, String> call = channel(t, RetryingClientInterceptor.builder(policy(5, Duration.ofMillis(1)))
        .withScheduler(waits).build()).newCall(UNARY, CallOptions.DEFAULT);
    RecordingListener l = new RecordingListener();
    call.start(l, new Metadata());
    call.request(2);
    call.sendMessage("x");
    call.halfClose();
    awaitCondition(() -> server.arrivals.size() == 1);

    call.cancel("user gave up", null);

    assertThat(await(l).getCode()).isEqualTo(Status.Code.CANCELLED);
    awaitCondition(() -> server.arrivals.get(0).cancelled().get()); // this attempt, not a stale one
    assertThat(waits.pendingTasks()).as("no retry is waiting").isZero();
    assertThat(server.arrivals).hasSize(1);
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void callPolicy_inCallOptions_replacesTheInterceptors(Transport t) {
    Channel channel = channel(t, RetryingClientInterceptor.of(policy(4, Duration.ofMillis(1))));
    server.script(fail(Status.Code.UNAVAILABLE), ok("done"));

    assertThatThrownBy(() -> unary(channel,
        CallOptions.DEFAULT.withOption(RetryingClientInterceptor.CALL_POLICY, policy(1, Duration.ofMillis(1)))))
        .isInstanceOf(StatusRuntimeException.class);
    assertThat(server.arrivals).hasSize(1);
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void listener_onCloseThrows_callStillEndsOnceAndChannelWorks(Transport t) throws Exception {
    server.script(fail(Status.Code.UNAVAILABLE), ok("done"));
    Channel channel = channel(t, RetryingClientInterceptor.of(policy(3, Duration.ofMillis(1))));
    RecordingListener inner = new RecordingListener();
    ClientCall<String, String> call = channel.newCall(UNARY, CallOptions.DEFAULT);
    call.start(new ClientCall.Listener<>() {
      @Override
      public void onMessage(String message) {
        inner.onMessage(message);
      }

      @Override
      public void onClose(Status status, Metadata trailers) {
        inner.onClose(status, trailers);
        throw new IllegalStateException("the application's onClose throws");
      }
    }, new Metadata());
    call.request(2);
    call.sendMessage("x");
    call.halfClose();

    assertThat(await(inner).isOk()).isTrue();
    assertThat(inner.closes.get()).isEqualTo(1);
    assertThat(unary(channel, CallOptions.DEFAULT)).isEqualTo("ok");
  }

  /**
   * Which of the application's callbacks throws. Not onReady: grpc-java calls it only on calls that send many
   * messages, which the interceptor passes through.
   */
  enum Throwing { HEADERS, MESSAGE, CLOSE }

  /** What the application saw when its listener threw from {@code throwing}: the same with or without us. */
  record Seen(Status.Code code, String description, Class<?> cause, int headers, int messages, int closes) {}

  private static Seen callWithThrowingListener(Channel channel, Throwing throwing) {
    RecordingListener inner = new RecordingListener();
    ClientCall<String, String> call = channel.newCall(UNARY, CallOptions.DEFAULT.withDeadlineAfter(10,
        TimeUnit.SECONDS));
    call.start(new ClientCall.Listener<>() {
      @Override
      public void onHeaders(Metadata headers) {
        inner.onHeaders(headers);
        throwIf(Throwing.HEADERS);
      }

      @Override
      public void onMessage(String message) {
        inner.onMessage(message);
        throwIf(Throwing.MESSAGE);
      }

      @Override
      public void onClose(Status status, Metadata trailers) {
        inner.onClose(status, trailers);
        throwIf(Throwing.CLOSE);
      }

      private void throwIf(Throwing callback) {
        if (callback == throwing) {
          throw new IllegalStateException("the application's " + callback + " throws");
        }
      }
    }, new Metadata());
    call.request(2);
    call.sendMessage("x");
    call.halfClose();
    Status status = await(inner);
    return new Seen(status.getCode(), status.getDescription(),
        status.getCause() == null ? null : status.getCause().getClass(), inner.headers.get(), inner.messages.size(),
        inner.closes.get());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void listener_throwsFromAnyCallback_theApplicationSeesWhatGrpcJavaAloneShows_andNothingIsRetried(Transport t)
      throws Exception {
    // CANCELLED among the retryable codes: grpc-java ends an attempt whose listener threw with CANCELLED, and that
    // is no reason to send the call again (the call is committed once headers or a message reach the application).
    ManualScheduler waits = new ManualScheduler(); // a retry's wait would be scheduled here, in virtual time
    RetryingClientInterceptor interceptor = RetryingClientInterceptor.builder(policy(3, Duration.ofMillis(1)))
        .withRetryableCodes(Status.Code.UNAVAILABLE, Status.Code.CANCELLED).withScheduler(waits).build();
    // A success, and a retryable failure after a message (the call is committed by the message).
    for (FaultService.Step answer : List.of(ok("done"), messageThenFail(Status.Code.UNAVAILABLE))) {
      for (Throwing throwing : Throwing.values()) {
        server.script(answer);
        Seen alone = callWithThrowingListener(CHANNELS.get(t), throwing);
        server.script(answer, ok("retried"));

        Seen retried = callWithThrowingListener(channel(t, interceptor), throwing);

        assertThat(retried).as("%s", throwing).isEqualTo(alone);
        assertThat(waits.pendingTasks()).as("%s: no retry is waiting", throwing).isZero();
        assertThat(server.arrivals).as("%s", throwing).hasSize(1);
        assertThat(retried.closes()).isEqualTo(1);
      }
    }
    server.script(); // the unused "retried" step goes
    assertThat(unary(channel(t, interceptor), CallOptions.DEFAULT)).isEqualTo("ok");
  }

  @Test
  void channelRetry_bothOn_attemptsMultiply_applyToTurnsItOff() throws Exception {
    Map<String, Object> retryPolicy = Map.of("maxAttempts", 3.0, "initialBackoff", "0.001s", "maxBackoff", "0.001s",
        "backoffMultiplier", 1.0, "retryableStatusCodes", List.of("UNAVAILABLE"));
    Map<String, Object> config = Map.of("methodConfig", List.of(Map.of(
        "name", List.of(Map.of("service", "test.Faults")), "retryPolicy", retryPolicy)));
    RetryingClientInterceptor interceptor = RetryingClientInterceptor.of(policy(3, Duration.ofMillis(1)));
    ManagedChannel both = InProcessChannelBuilder.forName(server.inProcessName())
        .defaultServiceConfig(config).enableRetry().intercept(interceptor).build();
    ManagedChannel applied = interceptor.applyTo(InProcessChannelBuilder.forName(server.inProcessName())
        .defaultServiceConfig(config).enableRetry()).build();
    try {
      server.script(always(Status.Code.UNAVAILABLE, 20));
      assertThatThrownBy(() -> unary(both, CallOptions.DEFAULT)).isInstanceOf(StatusRuntimeException.class);
      assertThat(server.arrivals).as("3 attempts of ours, each retried 3 times by grpc-java").hasSize(9);

      server.script(always(Status.Code.UNAVAILABLE, 20));
      assertThatThrownBy(() -> unary(applied, CallOptions.DEFAULT)).isInstanceOf(StatusRuntimeException.class);
      assertThat(server.arrivals).hasSize(3);
    } finally {
      both.shutdownNow();
      applied.shutdownNow();
    }
  }

  @Test
  void events_retryScheduled_carryTheStatusAsFailure() {
    server.script(fail(Status.Code.UNAVAILABLE), ok("done"));
    List<RetryEvent<?>> events = new CopyOnWriteArrayList<>();
    RetryPolicy<Object> policy = policy(3, Duration.ofMillis(1)).toBuilder().onEvent(events::add).build();

    unary(channel(Transport.IN_PROCESS, RetryingClientInterceptor.of(policy)), CallOptions.DEFAULT);

    assertThat(events).filteredOn(RetryScheduled.class::isInstance).singleElement()
        .extracting(e -> Status.fromThrowable(((RetryScheduled<?>) e).failure()).getCode())
        .isEqualTo(Status.Code.UNAVAILABLE);
  }

  private static FaultService.Step[] always(Status.Code code, int n) {
    FaultService.Step[] steps = new FaultService.Step[n];
    java.util.Arrays.fill(steps, fail(code));
    return steps;
  }

  private static Status await(RecordingListener l) {
    try {
      return l.awaitClose();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  private static void awaitCondition(java.util.function.BooleanSupplier condition) {
    io.github.backoff.testing.Await.until(condition, java.time.Duration.ofSeconds(10)); // the kit's one real-time wait
  }
}
