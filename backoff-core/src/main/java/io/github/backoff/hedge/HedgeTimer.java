package io.github.backoff.hedge;

import io.github.backoff.Ticker;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The hedger's one timer: calls waiting for their next hedge are linked through their own {@code prev} and
 * {@code next} fields (nothing is allocated per call), in order of due time, and one task on the scheduler wakes up
 * when the head is due. A call is inserted from the tail: with a fixed or rising delay it goes right there, in O(1);
 * only when an adaptive delay falls does it walk past the calls due later. A call that completes unlinks itself at
 * once, so the queue holds only calls in flight. Wake-ups are allocated per wake-up, never per call.
 *
 * <p>The timer only keeps time: a wake-up takes each due call off the queue and lets it send its hedge, whose
 * supplier call the call hands on its own to the hedger's executor ({@code HedgedCall.hedge}), so one blocking
 * supplier never delays another call's hedge.
 */
final class HedgeTimer {
  private final ScheduledExecutorService scheduler;
  private final Ticker ticker;
  private HedgedCall<?> head; // guarded by this
  private HedgedCall<?> tail; // guarded by this
  private boolean armed; // guarded by this: a wake-up is scheduled for wakeAt
  private long wakeAt; // guarded by this

  HedgeTimer(ScheduledExecutorService scheduler, Ticker ticker) {
    this.scheduler = scheduler;
    this.ticker = ticker;
  }

  /** A scheduled wake-up; only the latest one re-arms the timer, earlier ones just run what is due. */
  private final class WakeUp implements Runnable {
    final long at;

    WakeUp(long at) {
      this.at = at;
    }

    @Override
    public void run() {
      fire(at);
    }
  }

  /**
   * Queues {@code call} for its next hedge at {@code due}. If it is queued already, keeps it as it is if
   * {@code ifAbsent}, else moves it to {@code due}.
   *
   * @throws RejectedExecutionException if the scheduler refuses the wake-up
   */
  void add(HedgedCall<?> call, long due, long now, boolean ifAbsent) {
    synchronized (this) {
      if (call.linked) {
        if (ifAbsent) {
          return;
        }
        unlink(call);
      }
      call.due = due;
      call.linked = true;
      HedgedCall<?> before = tail;
      while (before != null && due - before.due < 0) {
        before = before.prev;
      }
      call.prev = before;
      call.next = before == null ? head : before.next;
      if (call.next == null) {
        tail = call;
      } else {
        call.next.prev = call;
      }
      if (before == null) {
        head = call;
      } else {
        before.next = call;
      }
      if (armed && due - wakeAt >= 0) {
        return;
      }
      armed = true;
      wakeAt = due;
    }
    wakeUpAt(due, now);
  }

  /** Whether no call is queued (for tests). */
  synchronized boolean isEmpty() {
    return head == null && tail == null;
  }

  /** Unlinks {@code call} if it is queued. */
  synchronized void remove(HedgedCall<?> call) {
    if (call.linked) {
      unlink(call);
    }
  }

  private void unlink(HedgedCall<?> call) {
    HedgedCall<?> before = call.prev;
    HedgedCall<?> after = call.next;
    if (before == null) {
      head = after;
    } else {
      before.next = after;
    }
    if (after == null) {
      tail = before;
    } else {
      after.prev = before;
    }
    call.prev = null;
    call.next = null;
    call.linked = false;
  }

  private void wakeUpAt(long due, long now) {
    try {
      scheduler.schedule(new WakeUp(due), Math.max(0, due - now), TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      synchronized (this) {
        if (wakeAt == due) {
          armed = false;
        }
      }
      throw e;
    }
  }

  private void fire(long at) {
    synchronized (this) {
      if (armed && wakeAt == at) {
        armed = false; // this is the wake-up the timer counted on
      }
    }
    for (;;) {
      long now = ticker.read();
      HedgedCall<?> call;
      long next = 0;
      synchronized (this) {
        call = head;
        if (call != null && now - call.due < 0 && !call.closed()) {
          next = call.due;
          call = null;
          if (armed && next - wakeAt >= 0) {
            return; // a wake-up is already due no later than the head
          }
          armed = true;
          wakeAt = next;
        } else if (call == null) {
          return;
        } else {
          unlink(call);
        }
      }
      if (call == null) {
        try {
          wakeUpAt(next, now);
        } catch (RejectedExecutionException e) {
          // shut down: the calls in the queue get no further hedge; their attempts go on
        }
        return;
      }
      call.timerFired(now);
    }
  }
}
