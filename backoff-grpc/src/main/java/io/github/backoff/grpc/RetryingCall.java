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
import io.grpc.SynchronizationContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One retried call: the application's side of it, and the attempts under it. Per-call state lives here only.
 *
 * <p>Threads: the application calls the {@link ClientCall} methods (serially, as grpc-java requires); each attempt's
 * listener is called on the call's executor; the scheduler starts later attempts. What the application sends, and
 * the start and replay of each attempt, run in order in {@link #outbound}, which never runs two tasks at once; the
 * few fields the attempts' listeners share with it are guarded by {@code this}. No lock is held while calling out
 * to grpc-java or to the application.
 */
final class RetryingCall<ReqT, RespT> extends ClientCall<ReqT, RespT> {
  private static final System.Logger LOG = System.getLogger("io.github.backoff.grpc");

  private final RetryingClientInterceptor owner;
  private final Retrier<Object> retrier;
  private final MethodDescriptor<ReqT, RespT> method;
  private final CallOptions callOptions;
  private final Channel next;
  private final Context context;
  private final Deadline deadline;
  private final SynchronizationContext outbound = new SynchronizationContext((thread, e) ->
      LOG.log(Level.WARNING, "backoff-grpc: unexpected failure while sending a call's messages", e));

  // Confined to outbound tasks.
  private Metadata headers;
  private final List<ReqT> messages = new ArrayList<>(1);
  private int requested;
  private boolean halfClosed;
  private Boolean messageCompression;
  private long bufferedBytes;

  // Set once in start(); read by listeners after the attempt they belong to started.
  private volatile Listener<RespT> listener;
  private volatile StandaloneExecution<Object> execution;
  /** The request outgrew the replay buffer: the call is not retried. */
  private volatile boolean overflow;

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
    Deadline own = callOptions.getDeadline();
    Deadline inherited = context.getDeadline();
    this.deadline = own == null ? inherited : inherited == null ? own : own.minimum(inherited);
  }

  @Override
  public void start(Listener<RespT> responseListener, Metadata requestHeaders) {
    outbound.execute(() -> {
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
    });
  }

  /** Starts the next attempt and replays what the application sent so far; in an outbound task. */
  private void startAttempt(Metadata firstHeaders) {
    Context previous = context.attach();
    ClientCall<ReqT, RespT> call = null;
    try {
      int n;
      Status stop;
      synchronized (this) {
        pendingRetry = null;
        stop = closed ? null : cancelled;
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
          h.put(GrpcRetryHints.PREVIOUS_ATTEMPTS_KEY, Integer.toString(n - 1));
        }
      }
      call.start(new AttemptListener(n), h);
      if (messageCompression != null) {
        call.setMessageCompression(messageCompression);
      }
      if (requested > 0) {
        call.request(requested);
      }
      for (int i = 0; i < messages.size(); i++) {
        call.sendMessage(messages.get(i));
      }
      if (overflow) {
        messages.clear(); // sent once; never replayed
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
    outbound.execute(() -> {
      requested = (int) Math.min(Integer.MAX_VALUE, (long) requested + numMessages);
      ClientCall<ReqT, RespT> call = live();
      if (call != null) {
        call.request(numMessages);
      }
    });
  }

  @Override
  public void sendMessage(ReqT message) {
    outbound.execute(() -> {
      ClientCall<ReqT, RespT> call = live();
      if (!overflow) {
        long size = sizeOf(message);
        if (size > owner.config.bufferLimit - bufferedBytes) {
          overflow = true;
          if (call != null) {
            messages.clear(); // what the live attempt has had is not replayed
          }
        } else {
          bufferedBytes += size;
        }
      }
      if (!overflow || call == null) {
        messages.add(message); // kept for the first attempt still to start, even past the bound
      }
      if (call != null) {
        call.sendMessage(message);
      }
    });
  }

  @Override
  public void halfClose() {
    outbound.execute(() -> {
      halfClosed = true;
      ClientCall<ReqT, RespT> call = live();
      if (call != null) {
        call.halfClose();
      }
    });
  }

  @Override
  public void setMessageCompression(boolean enabled) {
    outbound.execute(() -> {
      messageCompression = enabled;
      ClientCall<ReqT, RespT> call = live();
      if (call != null) {
        call.setMessageCompression(enabled);
      }
    });
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
    outbound.execute(() -> {
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
        close(status, new Metadata(), false);
      }
      // Otherwise the wait's task is running (startAttempt closes), or an attempt's onClose is deciding (it sees
      // cancelled before scheduling), or the call ended already.
    });
  }

  /** Waits {@code nanos}, then starts the next attempt; under this's lock. */
  private void scheduleAttempt(long nanos, Metadata firstHeaders) {
    pendingRetry = owner.scheduler().schedule(() -> outbound.execute(() -> startAttempt(firstHeaders)), nanos,
        TimeUnit.NANOSECONDS);
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
      if (wasCommitted || cancel != null || overflow) {
        ex.onFailure(null, new UnretriedStatusException(status, trailers)); // stops: ABORTED
        close(status, trailers, true);
        return;
      }
      // The core decides with the server's wait (the policy's delay override) and the call's absolute deadline:
      // a retry that would start at or after it stops with TIME_BUDGET_EXHAUSTED, a GaveUp event and no budget.
      long left = deadline == null ? Long.MAX_VALUE : deadline.timeRemaining(TimeUnit.NANOSECONDS);
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
    Listener<RespT> l = listener;
    Runnable closing = () -> {
      try {
        l.onClose(status, trailers);
      } catch (RuntimeException | Error e) {
        LOG.log(Level.WARNING, "backoff-grpc: the application's onClose threw; ignored", e);
      }
    };
    Executor executor = callOptions.getExecutor();
    if (onCallbackThread || executor == null) {
      closing.run();
    } else {
      executor.execute(closing);
    }
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
