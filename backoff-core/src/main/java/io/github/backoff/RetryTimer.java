package io.github.backoff;

import io.github.backoff.internal.DefaultScheduler;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The pending async retries of one {@link Retrier}: a min-heap of {@link AsyncExecution}s on their due time, with
 * a single task on the scheduler, for the earliest. The timer only keeps time: when retries are due, it hands each
 * one, on its own, to the retrier's executor ({@link Retrier#executor()}), so that one attempt's supplier, however
 * long it blocks, never delays another retry's start.
 *
 * <p>Why not one scheduler task per retry: a {@code ScheduledThreadPoolExecutor} task and its adapter cost about
 * 90 bytes and a clock reading per pending retry, more than the retry's own state. Here a pending retry costs one
 * array slot; the scheduler sees one task per wake-up, and only a retry due before every other one reschedules it.
 *
 * <p>Due times are readings of the retrier's ticker plus the wait, compared by subtraction (like
 * {@link System#nanoTime()}); waits are capped at {@link #MAX_WAIT} (146 years) so that they cannot overflow.
 * Cancelled executions are removed lazily: each cancellation counts, and once they could be half the heap, the
 * heap is rebuilt without the done ones and shrunk, so cancelling many retries releases them in amortised O(1).
 *
 * <p>The hand-off: the execution is itself the task ({@link AsyncExecution#run}), so handing it off allocates
 * nothing of ours (the executor may allocate its own node or thread). Executions are handed off in due order,
 * outside the monitor, after the next wake-up is scheduled. An execution cancelled before its task runs does not
 * start (it checks its future first). An executor that refuses the hand-off ({@code RejectedExecutionException},
 * or anything else thrown by {@code execute}) fails that execution's future with what it threw, and the others
 * are still handed off: nothing waits for an attempt that will never run. With the default scheduler and executor
 * the wake-up runs on the scheduler's one timer thread itself, since it only hands off (see
 * {@code DefaultScheduler}); otherwise on a thread of the scheduler, or inside {@code schedule} itself on the
 * calling thread for a scheduler that runs a task due now at once (the execution is queued, and the wake-up made
 * current, before the scheduler is called, so such a wake-up finds them and nothing is lost).
 *
 * <p>Thread-safe: every field is guarded by this object's monitor.
 */
final class RetryTimer {
  static final long MAX_WAIT = Long.MAX_VALUE >> 1;
  /** At most this many retries are handed off per wake-up (bounding the time under the lock); the rest go on soon. */
  private static final int BATCH = 256;
  private static final int MIN_CAPACITY = 16;
  private static final AsyncExecution<?>[] EMPTY = new AsyncExecution<?>[0];
  /** The wake-up while the scheduler is being asked for it: cancelling it does nothing. */
  private static final Future<?> SCHEDULING = java.util.concurrent.CompletableFuture.completedFuture(null);

  private final Retrier<?> retrier;
  private AsyncExecution<?>[] heap = EMPTY;
  private int size;
  /** Cancellations since the last purge: an upper bound on the done executions in the heap. */
  private int cancellations;
  /** The scheduled wake-up, or null if none. */
  private Future<?> wakeUp;
  private long wakeUpDue;

  RetryTimer(Retrier<?> retrier) {
    this.retrier = retrier;
  }

  /**
   * Queues {@code execution} to run {@code wait} nanoseconds after {@code now} (a ticker reading).
   *
   * @throws RejectedExecutionException if the scheduler refuses the wake-up; nothing is queued then
   */
  void add(AsyncExecution<?> execution, long now, long wait) {
    long delay = Math.min(Math.max(0, wait), MAX_WAIT);
    long due = now + delay;
    synchronized (this) {
      // Queued before the wake-up is scheduled: a scheduler may run a task due now inside schedule().
      execution.due = due;
      if (size == heap.length) {
        heap = java.util.Arrays.copyOf(heap, Math.max(MIN_CAPACITY, size * 2));
      }
      siftUp(size++, execution);
      if (wakeUp == null || due - wakeUpDue < 0) {
        Future<?> previous = wakeUp;
        try {
          schedule(due, delay);
        } catch (RuntimeException | Error e) {
          // Refused: unqueue it. Due before every other one, it is still the root unless an inline wake-up took it.
          if (size > 0 && heap[0] == execution) {
            poll();
          }
          throw e;
        }
        if (previous != null) {
          previous.cancel(false);
        }
      }
    }
  }

  /** Called when a queued execution may have been cancelled; purges the done ones once they may be half. */
  synchronized void cancelled() {
    if (size > 0 && ++cancellations * 2 >= size) {
      purge();
    }
  }

  /**
   * The wake-up scheduled for {@code scheduledDue}: starts the retries that are due, in due order, and schedules
   * the next wake-up. A wake-up replaced by an earlier one, but already running when cancelled, does nothing.
   */
  private void wakeUp(long scheduledDue) {
    AsyncExecution<?>[] due;
    int count = 0;
    RejectedExecutionException rejected = null;
    AsyncExecution<?>[] orphans = null;
    synchronized (this) {
      if (wakeUp == null || wakeUpDue != scheduledDue) {
        return;
      }
      wakeUp = null;
      due = new AsyncExecution<?>[Math.min(BATCH, size)];
      long now = retrier.core.ticker.read();
      // The scheduler says the wake-up is due even if the ticker lags behind it: run what was due by then too.
      long limit = now - wakeUpDue >= 0 ? now : wakeUpDue;
      while (size > 0 && heap[0].due - limit <= 0 && count < due.length) {
        AsyncExecution<?> next = poll();
        if (!next.isDone()) {
          due[count++] = next;
        }
      }
      if (size > 0) {
        try {
          schedule(heap[0].due, count == BATCH ? 0 : Math.max(0, heap[0].due - now)); // a full batch: go on soon
        } catch (RejectedExecutionException e) {
          rejected = e;
          orphans = java.util.Arrays.copyOf(heap, size);
          java.util.Arrays.fill(heap, 0, size, null);
          size = 0;
          cancellations = 0;
        }
      }
    }
    java.util.concurrent.Executor executor = count == 0 ? null : retrier.executor();
    for (int i = 0; i < count; i++) {
      handOff(executor, due[i]);
    }
    if (orphans != null) {
      for (AsyncExecution<?> orphan : orphans) {
        orphan.completeExceptionally(rejected);
      }
    }
  }

  /** Hands {@code execution} to {@code executor}; if it throws, the execution fails with what it threw. */
  private static void handOff(java.util.concurrent.Executor executor, AsyncExecution<?> execution) {
    try {
      executor.execute(execution);
    } catch (Throwable refusal) { // a RejectedExecutionException, or a broken executor: fail it, never lose it
      execution.refused(refusal);
    }
  }

  /** For tests: the number of queued executions, done ones included. */
  synchronized int size() {
    return size;
  }

  /**
   * Schedules the wake-up for {@code due}. The wake-up is made current before the scheduler is called, so that a
   * scheduler that runs it within {@code schedule} (on this thread, re-entering the monitor) finds it current and
   * runs it rather than dropping it; if the scheduler throws, the previous wake-up is current again.
   */
  private void schedule(long due, long delay) {
    Runnable task = () -> wakeUp(due);
    Future<?> previous = wakeUp;
    long previousDue = wakeUpDue;
    wakeUp = SCHEDULING;
    wakeUpDue = due;
    Future<?> scheduled;
    try {
      scheduled = retrier.handsOffOnTimer() ? DefaultScheduler.scheduleOnTimer(task, delay, TimeUnit.NANOSECONDS)
          : retrier.scheduler().schedule(task, delay, TimeUnit.NANOSECONDS);
    } catch (RuntimeException | Error e) {
      if (wakeUp == SCHEDULING) {
        wakeUp = previous;
        wakeUpDue = previousDue;
      }
      throw e;
    }
    if (wakeUp == SCHEDULING) {
      wakeUp = scheduled;
    } else {
      // It ran within schedule() (and may have scheduled the next one), or a purge dropped it: it is not current.
      scheduled.cancel(false);
    }
  }

  private AsyncExecution<?> poll() {
    AsyncExecution<?> first = heap[0];
    AsyncExecution<?> last = heap[--size];
    heap[size] = null;
    if (size > 0) {
      siftDown(0, last);
    }
    if (cancellations > size) {
      cancellations = size;
    }
    return first;
  }

  /** Drops the done executions, rebuilds the heap, shrinks the array, and cancels the wake-up if none is left. */
  private void purge() {
    int kept = 0;
    for (int i = 0; i < size; i++) {
      AsyncExecution<?> e = heap[i];
      if (!e.isDone()) {
        heap[kept++] = e;
      }
    }
    java.util.Arrays.fill(heap, kept, size, null);
    size = kept;
    cancellations = 0;
    if (size <= heap.length / 4) {
      heap = size == 0 ? EMPTY : java.util.Arrays.copyOf(heap, Math.max(MIN_CAPACITY, size * 2));
    }
    for (int i = (size >>> 1) - 1; i >= 0; i--) {
      siftDown(i, heap[i]);
    }
    if (size == 0 && wakeUp != null) {
      wakeUp.cancel(false);
      wakeUp = null;
    }
  }

  private void siftUp(int k, AsyncExecution<?> e) {
    while (k > 0) {
      int parent = (k - 1) >>> 1;
      AsyncExecution<?> p = heap[parent];
      if (e.due - p.due >= 0) {
        break;
      }
      heap[k] = p;
      k = parent;
    }
    heap[k] = e;
  }

  private void siftDown(int k, AsyncExecution<?> e) {
    int half = size >>> 1;
    while (k < half) {
      int child = (k << 1) + 1;
      AsyncExecution<?> c = heap[child];
      int right = child + 1;
      if (right < size && c.due - heap[right].due > 0) {
        c = heap[child = right];
      }
      if (e.due - c.due <= 0) {
        break;
      }
      heap[k] = c;
      k = child;
    }
    heap[k] = e;
  }
}
