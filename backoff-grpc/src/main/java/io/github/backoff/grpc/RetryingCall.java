package io.github.backoff.grpc;

import io.github.backoff.Retrier;
import io.github.backoff.StandaloneExecution;
import io.grpc.Attributes;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.KnownLength;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.System.Logger.Level;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One retried call: the application's side of it, and the attempts under it. Per-call state lives here only.
 *
 * <p>Threads: the application calls the {@link ClientCall} methods (serially, as grpc-java requires); each attempt's
 * listener is called on the call's executor; the scheduler starts later attempts. What the application sends, and
 * the start and replay of each attempt, run in order on the outbound lane ({@link #enterOutbound}), which never runs
 * two tasks at once; the few fields the attempts' listeners share with it are guarded by {@code this}. No lock is
 * held while calling out to grpc-java or to the application.
 *
 * <p>Allocation: a call whose first attempt succeeds allocates this object, its one {@link AttemptListener}, the
 * copy of the request headers and the core's {@link StandaloneExecution}, nothing else (docs/benchmarks.md). So the
 * outbound lane queues a task only when another thread holds it; the request is measured against the replay bound
 * only when a failed attempt could be retried; the core's state after a failure is created at the first failure.
 */
final class RetryingCall<ReqT, RespT> extends ClientCall<ReqT, RespT> {
  private static final System.Logger LOG = System.getLogger("io.github.backoff.grpc");
  private static final VarHandle WIP;

  static {
    try {
      WIP = MethodHandles.lookup().findVarHandle(RetryingCall.class, "wip", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final RetryingClientInterceptor owner;
  private final Retrier<Object> retrier;
  private final MethodDescriptor<ReqT, RespT> method;
  private final CallOptions callOptions;
  private final Channel next;
  private final Context context;

  // The outbound lane, a serial executor that allocates nothing uncontended: a thread that finds it idle runs its
  // task at once; a thread that finds it busy (a retry starting on the timer, a cancel, a re-entrant call) queues
  // its task for the thread that holds it. wip counts the running task and the queued ones.
  @SuppressWarnings("unused") // through WIP
  private volatile int wip;
  private volatile ConcurrentLinkedQueue<Runnable> queue;

  // Confined to outbound tasks.
  private Metadata headers;
  private int requested;
  private boolean halfClosed;
  private Boolean messageCompression;

  /**
   * The messages kept for replay: null, the one message a unary or server-streaming call sends, or {@link Several}.
   * Guarded by this: written by outbound tasks, dropped once the call is committed (it is never replayed then).
   */
  private Object sent;

  // Set once in start(); read by listeners after the attempt they belong to started.
  private volatile Listener<RespT> listener;
  private volatile StandaloneExecution<Object> execution;

  // Guarded by this.
  private ClientCall<ReqT, RespT> attempt;
  private int attempts;
  private boolean committed;
  private Status cancelled;
  private ScheduledFuture<?> pendingRetry;
  private boolean closed;

  RetryingCall(RetryingClientInterceptor owner, Retrier<Object> retrier, MethodDescriptor<ReqT, RespT> method,
      CallOptions callOptions, Channel next) {
    this.owner = owner;
    this.retrier = retrier;
    this.method = method;
    this.callOptions = callOptions;
    this.next = next;
    // Later attempts start on the scheduler's thread: they run in the caller's context (its deadline, its values).
    this.context = Context.current();
  }

  @Override
  public void start(Listener<RespT> responseListener, Metadata requestHeaders) {
    if (enterOutbound()) {
      try {
        doStart(responseListener, requestHeaders);
      } catch (RuntimeException | Error e) {
        unexpected(e);
      } finally {
        exitOutbound();
      }
    } else {
      enqueueOutbound(() -> doStart(responseListener, requestHeaders));
    }
  }

  private void doStart(Listener<RespT> responseListener, Metadata requestHeaders) {
    listener = responseListener;
    headers = new Metadata();
    headers.merge(requestHeaders); // kept for later attempts; grpc-java changes the ones it is given
    StandaloneExecution<Object> ex = StandaloneExecution.start(retrier);
    execution = ex;
    long first = ex.firstAttemptDelayNanos();
    if (first == StandaloneExecution.STOP) {
      close(Status.UNAVAILABLE.withDescription("backoff-grpc: the retry rate limiter's first token is due only"
          + " after the policy's maxElapsed"), new Metadata(), false);
    } else if (first > 0) {
      synchronized (this) {
        scheduleAttempt(first, requestHeaders); // the rate limiter's token is not due yet
      }
    } else {
      startAttempt(requestHeaders);
    }
  }

  /** Starts the next attempt and replays what the application sent so far; in an outbound task. */
  private void startAttempt(Metadata firstHeaders) {
    Context previous = context.attach();
    ClientCall<ReqT, RespT> call = null;
    try {
      int n;
      Status stop;
      Object replay;
      synchronized (this) {
        pendingRetry = null;
        stop = closed ? null : cancelled;
        replay = sent;
        if (closed || stop != null) {
          n = 0;
        } else {
          n = ++attempts;
          call = next.newCall(method, callOptions);
          attempt = call;
        }
      }
      if (call == null) {
        if (stop != null) {
          close(stop, new Metadata(), false); // cancelled while the wait's task was already running
        }
        return;
      }
      Metadata h;
      if (n == 1 && firstHeaders != null) {
        h = firstHeaders;
      } else {
        h = new Metadata();
        h.merge(headers);
        if (n > 1) {
          h.put(GrpcRetryHints.PREVIOUS_ATTEMPTS_KEY, previousAttempts(n - 1));
        }
      }
      call.start(new AttemptListener(n), h);
      if (messageCompression != null) {
        call.setMessageCompression(messageCompression);
      }
      if (requested > 0) {
        call.request(requested);
      }
      if (replay instanceof Several) {
        for (Object each : (Several) replay) {
          call.sendMessage(request(each));
        }
      } else if (replay != null) {
        call.sendMessage(request(replay));
      }
      if (halfClosed) {
        call.halfClose();
      }
    } catch (RuntimeException | Error e) {
      LOG.log(Level.WARNING, "backoff-grpc: starting an attempt failed", e);
      if (call != null) {
        call.cancel("backoff-grpc: starting the attempt failed", e);
      } else {
        close(Status.INTERNAL.withDescription("backoff-grpc: starting an attempt failed").withCause(e),
            new Metadata(), false);
      }
    } finally {
      context.detach(previous);
    }
  }

  /** The live attempt, or null while none is (between attempts, after the end). */
  private synchronized ClientCall<ReqT, RespT> live() {
    return attempt;
  }

  @Override
  public void request(int numMessages) {
    if (enterOutbound()) {
      try {
        doRequest(numMessages);
      } catch (RuntimeException | Error e) {
        unexpected(e);
      } finally {
        exitOutbound();
      }
    } else {
      enqueueOutbound(() -> doRequest(numMessages));
    }
  }

  private void doRequest(int numMessages) {
    requested = (int) Math.min(Integer.MAX_VALUE, (long) requested + numMessages);
    ClientCall<ReqT, RespT> call = live();
    if (call != null) {
      call.request(numMessages);
    }
  }

  @Override
  public void sendMessage(ReqT message) {
    if (enterOutbound()) {
      try {
        doSendMessage(message);
      } catch (RuntimeException | Error e) {
        unexpected(e);
      } finally {
        exitOutbound();
      }
    } else {
      enqueueOutbound(() -> doSendMessage(message));
    }
  }

  /**
   * Keeps the message for replay and sends it to the live attempt. It is measured against the replay bound only
   * if a failed attempt could be retried ({@link #withinBufferLimit}): a call whose first attempt succeeds never
   * streams its request through the marshaller an extra time.
   */
  private void doSendMessage(ReqT message) {
    ClientCall<ReqT, RespT> call;
    synchronized (this) {
      if (!committed) { // a committed call is never replayed
        keep(message);
      }
      call = attempt;
    }
    if (call != null) {
      call.sendMessage(message);
    }
  }

  /** Adds {@code message} to those kept for replay; under this's lock. */
  private void keep(ReqT message) {
    Object m = sent;
    if (m == null) {
      sent = message;
    } else if (m instanceof Several) {
      ((Several) m).add(message);
    } else {
      Several several = new Several();
      several.add(m);
      several.add(message);
      sent = several;
    }
  }

  @Override
  public void halfClose() {
    if (enterOutbound()) {
      try {
        doHalfClose();
      } catch (RuntimeException | Error e) {
        unexpected(e);
      } finally {
        exitOutbound();
      }
    } else {
      enqueueOutbound(this::doHalfClose);
    }
  }

  private void doHalfClose() {
    halfClosed = true;
    ClientCall<ReqT, RespT> call = live();
    if (call != null) {
      call.halfClose();
    }
  }

  @Override
  public void setMessageCompression(boolean enabled) {
    if (enterOutbound()) {
      try {
        doSetMessageCompression(enabled);
      } catch (RuntimeException | Error e) {
        unexpected(e);
      } finally {
        exitOutbound();
      }
    } else {
      enqueueOutbound(() -> doSetMessageCompression(enabled));
    }
  }

  private void doSetMessageCompression(boolean enabled) {
    messageCompression = enabled;
    ClientCall<ReqT, RespT> call = live();
    if (call != null) {
      call.setMessageCompression(enabled);
    }
  }

  @Override
  public boolean isReady() {
    ClientCall<ReqT, RespT> call = live();
    return call != null && call.isReady();
  }

  @Override
  public Attributes getAttributes() {
    ClientCall<ReqT, RespT> call = live();
    return call != null ? call.getAttributes() : Attributes.EMPTY;
  }

  @Override
  public void cancel(String message, Throwable cause) {
    Status status = Status.CANCELLED.withDescription(message != null ? message : "Call cancelled without message")
        .withCause(cause);
    synchronized (this) {
      if (cancelled != null) {
        return;
      }
      cancelled = status;
    }
    if (enterOutbound()) {
      try {
        doCancel(message, cause, status);
      } catch (RuntimeException | Error e) {
        unexpected(e);
      } finally {
        exitOutbound();
      }
    } else {
      enqueueOutbound(() -> doCancel(message, cause, status));
    }
  }

  private void doCancel(String message, Throwable cause, Status status) {
    ClientCall<ReqT, RespT> call;
    ScheduledFuture<?> pending;
    synchronized (this) {
      call = attempt;
      pending = pendingRetry;
      pendingRetry = null;
    }
    if (call != null) {
      call.cancel(message, cause); // its onClose ends the call with CANCELLED
    } else if (pending != null && pending.cancel(false)) {
      // The wait's task had not ended: it never runs, or it is running, and then startAttempt sees closed.
      close(status, new Metadata(), false);
    }
    // Otherwise the wait's task has ended, having queued startAttempt behind this task (it sees cancelled and
    // closes), or an attempt's onClose is deciding (it sees cancelled before scheduling), or the call ended already.
  }

  /** Waits {@code nanos}, then starts the next attempt; under this's lock. */
  private void scheduleAttempt(long nanos, Metadata firstHeaders) {
    pendingRetry = owner.scheduler().schedule(() -> startAttemptOnLane(firstHeaders), nanos, TimeUnit.NANOSECONDS);
  }

  /** The wait's task: starts the attempt at once if the lane is idle (it usually is), or queues it. */
  private void startAttemptOnLane(Metadata firstHeaders) {
    if (enterOutbound()) {
      try {
        startAttempt(firstHeaders);
      } catch (RuntimeException | Error e) {
        unexpected(e);
      } finally {
        exitOutbound();
      }
    } else {
      enqueueOutbound(() -> startAttempt(firstHeaders));
    }
  }

  /** Takes the outbound lane if it is idle: then the caller runs its task at once and calls {@link #exitOutbound}. */
  private boolean enterOutbound() {
    return WIP.compareAndSet(this, 0, 1);
  }

  /** Leaves the lane after a task run at once, first running what other threads queued meanwhile. */
  private void exitOutbound() {
    int missed = (int) WIP.getAndAdd(this, -1) - 1;
    if (missed != 0) {
      drainOutbound(missed);
    }
  }

  /** Queues {@code task} on the lane; runs it, and whatever follows, if the lane was idle. */
  private void enqueueOutbound(Runnable task) {
    ConcurrentLinkedQueue<Runnable> q = queue;
    if (q == null) {
      synchronized (this) {
        q = queue;
        if (q == null) {
          q = new ConcurrentLinkedQueue<>();
          queue = q;
        }
      }
    }
    q.add(task);
    if ((int) WIP.getAndAdd(this, 1) == 0) {
      drainOutbound(1);
    }
  }

  /** Runs queued tasks until the {@code missed} ones counted, and any counted meanwhile, have run. */
  private void drainOutbound(int missed) {
    ConcurrentLinkedQueue<Runnable> q = queue; // set before any count was added
    for (;;) {
      Runnable task;
      while ((task = q.poll()) != null) {
        try {
          task.run();
        } catch (RuntimeException | Error e) {
          unexpected(e);
        }
      }
      missed = (int) WIP.getAndAdd(this, -missed) - missed;
      if (missed == 0) {
        return;
      }
    }
  }

  private static void unexpected(Throwable e) {
    LOG.log(Level.WARNING, "backoff-grpc: unexpected failure while sending a call's messages", e);
  }

  /** After attempt {@code n} closed with {@code status}: retry or end the call. On the attempt's callback thread. */
  private void attemptClosed(int n, Status status, Metadata trailers) {
    boolean wasCommitted;
    Status cancel;
    synchronized (this) {
      if (n != attempts) {
        return; // an attempt cancelled and replaced (not expected: attempts run one at a time)
      }
      attempt = null;
      wasCommitted = committed;
      cancel = cancelled;
    }
    StandaloneExecution<Object> ex = execution;
    try {
      if (status.isOk()) {
        ex.onSuccess(null);
        close(status, trailers, true);
        return;
      }
      if (wasCommitted || cancel != null || !withinBufferLimit()) {
        ex.onFailure(null, new UnretriedStatusException(status, trailers)); // stops: ABORTED
        close(status, trailers, true);
        return;
      }
      // The core decides with the server's wait (the policy's delay override) and the call's absolute deadline:
      // a retry that would start at or after it stops with TIME_BUDGET_EXHAUSTED, a GaveUp event and no budget.
      long left = nanosLeft();
      long wait = ex.onFailure(null, new StatusRuntimeException(status, trailers), left);
      if (wait == StandaloneExecution.STOP) {
        close(status, trailers, true);
        return;
      }
      synchronized (this) {
        cancel = cancelled;
        if (cancel == null) {
          scheduleAttempt(wait, null);
          return;
        }
      }
      close(cancel, new Metadata(), true);
    } catch (RuntimeException | Error e) {
      LOG.log(Level.WARNING, "backoff-grpc: deciding on a retry failed; the call ends with the attempt's status", e);
      close(status, trailers, true);
    }
  }

  /**
   * Closes the application's listener once; a throwing listener is logged, never rethrown (an exception out of
   * {@code onClose} would hang a blocking unary call, grpc-java #6092).
   */
  private void close(Status status, Metadata trailers, boolean onCallbackThread) {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    Executor executor = callOptions.getExecutor();
    if (onCallbackThread || executor == null) {
      deliverClose(status, trailers);
    } else {
      executor.execute(() -> deliverClose(status, trailers));
    }
  }

  private void deliverClose(Status status, Metadata trailers) {
    try {
      listener.onClose(status, trailers);
    } catch (RuntimeException | Error e) {
      LOG.log(Level.WARNING, "backoff-grpc: the application's onClose threw; ignored", e);
    }
  }

  /**
   * Whether the messages sent so far fit the replay bound, measuring those not measured yet; past it, the call is
   * not retried. In attemptClosed, one attempt at a time; the marshaller is called outside the lock.
   */
  private boolean withinBufferLimit() {
    Object m;
    Object[] several = null;
    synchronized (this) {
      m = sent;
      if (m instanceof Several) {
        several = ((Several) m).toArray();
      }
    }
    long limit = owner.config.bufferLimit;
    if (several == null) {
      return m == null || sizeOf(request(m)) <= limit;
    }
    long total = 0;
    for (Object each : several) {
      long size = sizeOf(request(each));
      if (size > limit - total) {
        return false;
      }
      total += size;
    }
    return true;
  }

  /** The time left until the call's deadline, its own or its context's if earlier; Long.MAX_VALUE for none. */
  private long nanosLeft() {
    Deadline own = callOptions.getDeadline();
    Deadline inherited = context.getDeadline();
    Deadline deadline = own == null ? inherited : inherited == null ? own : own.minimum(inherited);
    return deadline == null ? Long.MAX_VALUE : deadline.timeRemaining(TimeUnit.NANOSECONDS);
  }

  private static final String[] SMALL_COUNTS = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"};

  /** The header's value for {@code count} previous attempts, without a new string for the usual few. */
  private static String previousAttempts(int count) {
    return count < SMALL_COUNTS.length ? SMALL_COUNTS[count] : Integer.toString(count);
  }

  @SuppressWarnings("unchecked") // only the application's messages are kept in sent
  private ReqT request(Object message) {
    return (ReqT) message;
  }

  /** Several messages kept for replay: a type of its own, which no request message can be. */
  private static final class Several extends ArrayList<Object> {
    private static final long serialVersionUID = 1L;
  }

  private long sizeOf(ReqT message) {
    try (InputStream in = method.streamRequest(message)) {
      if (in instanceof KnownLength || in instanceof ByteArrayInputStream) {
        return in.available();
      }
      return in.transferTo(OutputStream.nullOutputStream());
    } catch (IOException | RuntimeException e) {
      return Long.MAX_VALUE; // cannot tell: do not keep it
    }
  }

  /** One attempt's listener: commits on the first thing that reaches the application, holds back a failure. */
  private final class AttemptListener extends Listener<RespT> {
    private final int n;

    AttemptListener(int n) {
      this.n = n;
    }

    private boolean commit() {
      synchronized (RetryingCall.this) {
        if (n != attempts) {
          return false;
        }
        committed = true;
        sent = null; // never replayed now: the request is the application's again to collect
        return true;
      }
    }

    @Override
    public void onHeaders(Metadata headers) {
      if (commit()) {
        listener.onHeaders(headers);
      }
    }

    @Override
    public void onMessage(RespT message) {
      if (commit()) {
        listener.onMessage(message);
      }
    }

    @Override
    public void onReady() {
      boolean current;
      synchronized (RetryingCall.this) {
        current = n == attempts && !closed;
      }
      if (current) {
        listener.onReady();
      }
    }

    @Override
    public void onClose(Status status, Metadata trailers) {
      attemptClosed(n, status, trailers);
    }
  }
}
