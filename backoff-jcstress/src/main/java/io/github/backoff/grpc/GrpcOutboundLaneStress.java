package io.github.backoff.grpc;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.LLL_Result;

/**
 * The outbound lane of backoff-grpc's {@link RetryingCall}: the real class, reached from its own package on the class
 * path, over a real grpc-java in-process server and channel (direct executors, created once per JVM). The contract
 * (RetryingCall's class comment): what the application sends, and the start and replay of each attempt, run in
 * order on the lane, which never runs two tasks at once; a task queued while another thread holds the lane is run by
 * that thread before it leaves. So no task is lost (a message or a half-close that never reaches the attempt), none
 * runs twice or beside another, the application's tasks keep their order, and the lane is idle when both actors are
 * done (wip 0, nothing queued), or a later task would never run.
 *
 * <p>Each sample makes one call through the interceptor. In the retry tests the server fails the first attempt as
 * soon as it starts, on the application's thread, before the actors run; the interceptor's scheduler (the test's,
 * below) keeps the retry's wait task instead of running it, and one actor runs that task as the timer's thread would.
 * In {@link SendVsCancel} the server serves the first attempt. An interceptor below ours records what each attempt's
 * {@code ClientCall} is told, and whether two threads were ever inside it at once.
 *
 * <p>Result: what the observed attempt (the retry, or the first in {@link SendVsCancel}) was told; how the
 * application's call ended (closes, status, replies); the lane afterwards.
 *
 * <p>Run: {@code java -jar backoff-jcstress/target/jcstress.jar -t GrpcOutboundLaneStress -m quick}
 * (docs/reliability.md).
 */
public final class GrpcOutboundLaneStress {
  private GrpcOutboundLaneStress() {}

  static final String ALL_SENT = "start request 1 message halfClose";
  static final String REPLIED = "closed once OK, 1 reply";
  static final String CANCELLED = "closed once CANCELLED, 0 replies";
  /** The lane idle afterwards, no task ever queued: the actors did not meet on it. */
  static final String IDLE = "idle";
  /** The lane idle afterwards, a task was queued (the queue exists): the actors met on it, one ran the other's. */
  static final String IDLE_QUEUED = "idle, queue used";

  /** The retry's wait task runs on the timer's thread while the application requests, sends and half-closes. */
  @JCStressTest
  @Outcome(id = {ALL_SENT + ", " + REPLIED + ", " + IDLE}, expect = ACCEPTABLE,
      desc = "the retry was told everything once, in order (replayed or live); the call replied; the lane idle")
  @Outcome(id = {ALL_SENT + ", " + REPLIED + ", " + IDLE_QUEUED}, expect = ACCEPTABLE,
      desc = "the same, and the actors met on the lane: one thread ran a task the other queued")
  @Outcome(expect = FORBIDDEN, desc = "a task lost (a message or the half-close never reached the retry), run twice,"
      + " reordered or beside another task; the call not closed once; the lane left busy")
  @State
  public static class RetryStartVsSend {
    final Sample sample = new Sample();

    @Actor
    public void timer() {
      sample.retry.run();
    }

    @Actor
    public void application() {
      ClientCall<String, String> call = sample.call;
      call.request(1);
      call.sendMessage("m");
      call.halfClose();
    }

    @Arbiter
    public void arbiter(LLL_Result r) {
      sample.observe(r);
    }
  }

  /**
   * The retry's wait task runs on the timer's thread while the application, which has sent everything, cancels. The
   * retry attempt runs to its end inside the timer's task (the in-process server answers at once), so a cancel that
   * reaches it would have run beside that task.
   */
  @JCStressTest
  @Outcome(id = {ALL_SENT + ", " + REPLIED + ", " + IDLE}, expect = ACCEPTABLE,
      desc = "the retry ran first and replied; the cancel, after it, had nothing to do")
  @Outcome(id = {ALL_SENT + ", " + REPLIED + ", " + IDLE_QUEUED}, expect = ACCEPTABLE,
      desc = "the same, the cancel's task queued behind the retry's and run by the timer's thread")
  @Outcome(id = {", " + CANCELLED + ", " + IDLE}, expect = ACCEPTABLE,
      desc = "the cancel won: the wait's task was cancelled, or saw the cancel and started no attempt")
  @Outcome(id = {", " + CANCELLED + ", " + IDLE_QUEUED}, expect = ACCEPTABLE,
      desc = "the cancel held the lane, the retry's start queued behind it saw the cancel and started no attempt")
  @Outcome(expect = FORBIDDEN, desc = "the cancel reached the retry while the timer's task ran it, an attempt after"
      + " the cancel, a task lost, the call closed twice or never, the lane left busy")
  @State
  public static class RetryStartVsCancel {
    final Sample sample = new Sample();

    public RetryStartVsCancel() {
      ClientCall<String, String> call = sample.call;
      call.request(1);
      call.sendMessage("m");
      call.halfClose();
    }

    @Actor
    public void timer() {
      sample.retry.run();
    }

    @Actor
    public void application() {
      sample.call.cancel("test", null);
    }

    @Arbiter
    public void arbiter(LLL_Result r) {
      sample.observe(r);
    }
  }

  /**
   * The first attempt is live (no retry): the application sends and half-closes while another thread cancels, as
   * grpc-java allows. The cancel is a task on the lane too, so it reaches the attempt before the message, between
   * the message and the half-close, or not at all (the attempt has ended inside the half-close: the in-process server
   * answers at once), never beside a send.
   */
  @JCStressTest
  @Outcome(id = {ALL_SENT + ", " + REPLIED + ", " + IDLE}, expect = ACCEPTABLE,
      desc = "the cancel came after the answer: nothing to cancel")
  @Outcome(id = {ALL_SENT + ", " + REPLIED + ", " + IDLE_QUEUED}, expect = ACCEPTABLE,
      desc = "the same, one actor's task queued and run by the other")
  @Outcome(id = {"start request 1 cancel, " + CANCELLED + ", " + IDLE}, expect = ACCEPTABLE,
      desc = "the cancel first; the message and the half-close, kept, reach no attempt")
  @Outcome(id = {"start request 1 cancel, " + CANCELLED + ", " + IDLE_QUEUED}, expect = ACCEPTABLE,
      desc = "the same, one actor's task queued and run by the other")
  @Outcome(id = {"start request 1 message cancel, " + CANCELLED + ", " + IDLE}, expect = ACCEPTABLE,
      desc = "the cancel between the message and the half-close")
  @Outcome(id = {"start request 1 message cancel, " + CANCELLED + ", " + IDLE_QUEUED}, expect = ACCEPTABLE,
      desc = "the same, one actor's task queued and run by the other")
  @Outcome(expect = FORBIDDEN, desc = "the cancel beside a send, a task lost or reordered, the call closed twice or"
      + " never, the lane left busy")
  @State
  public static class SendVsCancel {
    final Sample sample = new Sample(true);

    public SendVsCancel() {
      sample.call.request(1);
    }

    @Actor
    public void application() {
      ClientCall<String, String> call = sample.call;
      call.sendMessage("m");
      call.halfClose();
    }

    @Actor
    public void canceller() {
      sample.call.cancel("test", null);
    }

    @Arbiter
    public void arbiter(LLL_Result r) {
      sample.observe(r);
    }
  }

  // ---------------------------------------------------------------------------------------------------------------

  static final MethodDescriptor.Marshaller<String> UTF8 = new MethodDescriptor.Marshaller<>() {
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
  /** The echo whose first attempt the server fails at once. */
  static final MethodDescriptor<String, String> UNARY = unary("test.Lane/Echo");
  /** The same echo, whose first attempt the server serves. */
  static final MethodDescriptor<String, String> UNARY_SERVED = unary("test.Lane/EchoServed");
  static final Metadata.Key<String> PREVIOUS =
      Metadata.Key.of("grpc-previous-rpc-attempts", Metadata.ASCII_STRING_MARSHALLER);
  /** The sample's record, carried by the call's options to every attempt. */
  static final CallOptions.Key<Record> RECORD = CallOptions.Key.create("lane-record");
  /** The retry's wait task, kept by {@link #SCHEDULER} on the thread that scheduled it. */
  static final ThreadLocal<Pending> SCHEDULED = new ThreadLocal<>();
  static final ScheduledExecutorService SCHEDULER = new KeepingScheduler();
  static final ManagedChannel CHANNEL;
  static final Field WIP;
  static final Field QUEUE;

  static {
    try {
      String name = "lane-" + System.nanoTime();
      ServerInterceptor failFirst = new ServerInterceptor() {
        @Override
        public <Q, S> ServerCall.Listener<Q> interceptCall(ServerCall<Q, S> call, Metadata headers,
            ServerCallHandler<Q, S> next) {
          if (call.getMethodDescriptor().getFullMethodName().equals(UNARY.getFullMethodName())
              && headers.get(PREVIOUS) == null) {
            call.close(Status.UNAVAILABLE, new Metadata());
            return new ServerCall.Listener<>() {};
          }
          return next.startCall(call, headers);
        }
      };
      ServerServiceDefinition echo = ServerServiceDefinition.builder("test.Lane")
          .addMethod(UNARY, new Echo())
          .addMethod(UNARY_SERVED, new Echo())
          .build();
      InProcessServerBuilder.forName(name).directExecutor().addService(ServerInterceptors.intercept(echo, failFirst))
          .build().start();
      RetryingClientInterceptor retrying = RetryingClientInterceptor.builder(RetryPolicy.builder()
          .withBackoff(Backoff.none()).withMaxAttempts(3).build()).withScheduler(SCHEDULER).build();
      InProcessChannelBuilder channel = InProcessChannelBuilder.forName(name).directExecutor();
      channel.intercept(new Recording()); // runs after ours: interceptors run in the reverse order of adding
      retrying.applyTo(channel);
      CHANNEL = channel.build();
      WIP = RetryingCall.class.getDeclaredField("wip");
      WIP.setAccessible(true);
      QUEUE = RetryingCall.class.getDeclaredField("queue");
      QUEUE.setAccessible(true);
    } catch (IOException | ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** The unary echo: one message then the half-close, or the call fails (INTERNAL, naming the count). */
  static final class Echo implements ServerCallHandler<String, String> {
    @Override
    public ServerCall.Listener<String> startCall(ServerCall<String, String> call, Metadata headers) {
      call.request(2); // a second message would be counted
      return new ServerCall.Listener<>() {
        private String request;
        private int messages;

        @Override
        public void onMessage(String message) {
          request = message;
          messages++;
        }

        @Override
        public void onHalfClose() {
          if (messages != 1) {
            call.close(Status.INTERNAL.withDescription(messages + " messages"), new Metadata());
            return;
          }
          call.sendHeaders(new Metadata());
          call.sendMessage(request);
          call.close(Status.OK, new Metadata());
        }
      };
    }
  }

  static MethodDescriptor<String, String> unary(String name) {
    return MethodDescriptor.<String, String>newBuilder().setType(MethodDescriptor.MethodType.UNARY)
        .setFullMethodName(name).setRequestMarshaller(UTF8).setResponseMarshaller(UTF8).build();
  }

  /**
   * One call: by default one whose first attempt has failed and whose retry waits in {@link #retry}; with
   * {@code served}, one whose first attempt is live (started, nothing sent yet).
   */
  static final class Sample {
    final Record record = new Record();
    final ClientCall<String, String> call;
    final Pending retry;
    final String observed;

    Sample() {
      this(false);
    }

    Sample(boolean served) {
      observed = served ? "1:" : "2:";
      call = CHANNEL.newCall(served ? UNARY_SERVED : UNARY, CallOptions.DEFAULT.withOption(RECORD, record));
      if (!(call instanceof RetryingCall)) {
        throw new IllegalStateException("not the interceptor's call: " + call.getClass());
      }
      call.start(record, new Metadata());
      if (served) {
        retry = null;
        return;
      }
      retry = SCHEDULED.get();
      SCHEDULED.remove();
      if (retry == null || !"1:start".equals(String.join(" ", record.events))) {
        throw new IllegalStateException("the first attempt did not fail at once: " + record.events);
      }
      record.events.clear();
    }

    void observe(LLL_Result r) {
      StringBuilder retried = new StringBuilder();
      for (String e : record.events) {
        if (!e.startsWith(observed)) {
          retried.setLength(0);
          retried.append("unexpected ").append(record.events);
          break;
        }
        retried.append(retried.length() == 0 ? "" : " ").append(e.substring(2));
      }
      r.r1 = retried.toString();
      r.r2 = "closed " + (record.closes.get() == 1 ? "once" : record.closes.get() + " times") + " "
          + record.status + ", " + record.replies.get() + (record.replies.get() == 1 ? " reply" : " replies");
      r.r3 = record.overlap ? "two tasks at once" : lane();
    }

    private String lane() {
      try {
        int wip = WIP.getInt(call);
        Queue<?> queue = (Queue<?>) QUEUE.get(call);
        int queued = queue == null ? 0 : queue.size();
        if (wip != 0 || queued != 0) {
          return "busy: wip " + wip + ", " + queued + " queued";
        }
        return queue == null ? IDLE : IDLE_QUEUED;
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /** What one sample's attempts were told, and how its call ended: the application's listener. */
  static final class Record extends ClientCall.Listener<String> {
    final Queue<String> events = new ConcurrentLinkedQueue<>();
    final AtomicInteger inside = new AtomicInteger();
    final AtomicInteger closes = new AtomicInteger();
    final AtomicInteger replies = new AtomicInteger();
    volatile boolean overlap;
    volatile Status.Code status;

    @Override
    public void onMessage(String message) {
      replies.incrementAndGet();
    }

    @Override
    public void onClose(Status status, Metadata trailers) {
      this.status = status.getCode();
      closes.incrementAndGet();
    }
  }

  /**
   * Below the retrying interceptor: records each attempt's outbound calls ("n:what", n the attempt) and whether
   * two threads were inside one at once. grpc-java calls nothing outbound back on the same thread here, so any
   * second entry is another thread.
   */
  static final class Recording implements ClientInterceptor {
    @Override
    public <Q, S> ClientCall<Q, S> interceptCall(MethodDescriptor<Q, S> method, CallOptions options, Channel next) {
      Record record = options.getOption(RECORD);
      return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
        private String attempt = "?";

        private void enter(String what) {
          if (record.inside.getAndIncrement() != 0) {
            record.overlap = true;
          }
          record.events.add(attempt + ":" + what);
        }

        private void exit() {
          record.inside.decrementAndGet();
        }

        @Override
        public void start(Listener<S> listener, Metadata headers) {
          String previous = headers.get(PREVIOUS);
          attempt = previous == null ? "1" : Integer.toString(Integer.parseInt(previous) + 1);
          enter("start");
          try {
            super.start(listener, headers);
          } finally {
            exit();
          }
        }

        @Override
        public void request(int numMessages) {
          enter("request " + numMessages);
          try {
            super.request(numMessages);
          } finally {
            exit();
          }
        }

        @Override
        public void sendMessage(Q message) {
          enter("message");
          try {
            super.sendMessage(message);
          } finally {
            exit();
          }
        }

        @Override
        public void halfClose() {
          enter("halfClose");
          try {
            super.halfClose();
          } finally {
            exit();
          }
        }

        @Override
        public void cancel(String message, Throwable cause) {
          enter("cancel");
          try {
            super.cancel(message, cause);
          } finally {
            exit();
          }
        }

        @Override
        public void setMessageCompression(boolean enabled) {
          enter("compression");
          try {
            super.setMessageCompression(enabled);
          } finally {
            exit();
          }
        }
      };
    }
  }

  /** A scheduled task as a real scheduler's: it runs once unless cancelled first; a running task cannot be. */
  static final class Pending extends FutureTask<Void> implements ScheduledFuture<Void> {
    Pending(Runnable task) {
      super(task, null);
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return 0;
    }

    @Override
    public int compareTo(Delayed other) {
      return Long.compare(0, other.getDelay(TimeUnit.NANOSECONDS));
    }
  }

  /** Keeps each scheduled task on the scheduling thread ({@link #SCHEDULED}) for an actor to run. */
  static final class KeepingScheduler extends AbstractExecutorService implements ScheduledExecutorService {
    @Override
    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
      Pending task = new Pending(command);
      SCHEDULED.set(task);
      return task;
    }

    @Override
    public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
      throw new UnsupportedOperationException();
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
      throw new UnsupportedOperationException();
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay,
        TimeUnit unit) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void execute(Runnable command) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void shutdown() {}

    @Override
    public List<Runnable> shutdownNow() {
      return List.of();
    }

    @Override
    public boolean isShutdown() {
      return false;
    }

    @Override
    public boolean isTerminated() {
      return false;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
      return false;
    }
  }
}
