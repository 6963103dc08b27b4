package io.github.backoff.sim.engine;

import java.util.Arrays;

/**
 * Reusable slots for entities that come and go during a run (requests in flight): a model keeps their state in
 * primitive arrays indexed by slot, and this pool hands out freed slots first, so the arrays stay as large as the
 * most entities alive at once. Allocation-free once warm (the free list grows by doubling).
 *
 * <p>Not thread-safe: one per model instance, that is per thread.
 *
 * <pre>{@code
 * int slot = pool.take();
 * if (slot == state.length) {
 *   grow(); // the model's arrays must hold the new slot
 * }
 * ...
 * pool.free(slot); // once no event refers to it
 * }</pre>
 */
public final class SlotPool {
  private int[] free = new int[64];
  private int freeCount;
  private int used;

  /** Forgets every slot, for a new run. */
  public void reset() {
    freeCount = 0;
    used = 0;
  }

  /** How many slots were ever taken since {@link #reset}: slots {@code [0, used)} may hold state. */
  public int used() {
    return used;
  }

  /** A slot: the last one freed, or else a new one, {@link #used()} before the call. */
  public int take() {
    return freeCount > 0 ? free[--freeCount] : used++;
  }

  /** Gives {@code slot} back; it must have been taken and not freed since. */
  public void free(int slot) {
    if (freeCount == free.length) {
      free = Arrays.copyOf(free, free.length * 2);
    }
    free[freeCount++] = slot;
  }
}
