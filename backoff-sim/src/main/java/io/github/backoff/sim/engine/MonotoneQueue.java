package io.github.backoff.sim.engine;

import java.util.Arrays;
import java.util.NoSuchElementException;

/**
 * A monotone priority queue of events (an {@code int} payload due at a {@code double} time): a radix heap with
 * 4-bit digits. "Monotone" means no event may be added earlier than the last one taken, which a discrete-event
 * engine guarantees (nothing is scheduled in the past). Events come out in order of time, and events due at the
 * same time in the order they were added: exactly the order of the binary heap it replaced ({@code EventQueue},
 * now the tests' oracle), so a model replays bit-identically on either.
 *
 * <p><b>Why.</b> A binary heap of 100,000 events costs 17 levels of random memory access per event, mostly cache
 * misses: it was 80 % of the {@code occ} model's time at N = 100,000. Here an event is appended to one of 257
 * buckets (sequential writes) and moves down a level only when the bucket holding the minimum is emptied; with
 * 4-bit digits it moves about log<sub>16</sub> of the queue's spread times, four or five times at that size.
 *
 * <p><b>How.</b> A time is mapped to its IEEE bits (non-negative doubles order like their bits as {@code long}).
 * {@code last} is the key of the last event taken. A key equal to {@code last} goes to bucket 0; another key goes
 * to the bucket of the highest 4-bit digit where it differs from {@code last}, and of its value of that digit:
 * {@code 1 + 16·level + digit}. Every key in a bucket is smaller than every key in a later bucket. Taking an event
 * takes from bucket 0 if it is not empty; else the first non-empty bucket's smallest key becomes {@code last}
 * and its events are redistributed into earlier buckets (the later buckets stay valid, since the new
 * {@code last} agrees with the old one on their digits). Each bucket keeps the order its events arrived in,
 * which is their order of addition: an addition appends the newest event, and a redistribution only fills
 * buckets that are empty, in order. So ties leave bucket 0 first-in, first-out.
 *
 * <p>Not thread-safe: one queue per simulation thread. Allocates only when a bucket outgrows its arrays.
 */
final class MonotoneQueue {
  private static final int DIGIT_BITS = 4; // measured at N = 100,000: 4 bits beat 6 and 8
  private static final int DIGITS = 1 << DIGIT_BITS;
  private static final int LEVELS = (63 + DIGIT_BITS) / DIGIT_BITS;
  private static final int BUCKETS = 1 + LEVELS * DIGITS;
  private static final int MASK_WORDS = (BUCKETS + 63) / 64;
  private static final int INITIAL_CAPACITY = 8;
  /**
   * Over a long run each high-level bucket holds nearly every event once (when the time crosses its digit), so if
   * every bucket grew its own arrays the queue would hold dozens of times N (101 MB of heap at N = 100,000), and
   * giving them back when emptied made the garbage collector churn. Instead a bucket that must grow past this
   * capacity first swaps arrays with an empty bucket whose arrays are large enough: the large arrays circulate
   * among the buckets that need them, and a run allocates almost nothing once warm.
   */
  private static final int SHARE_CAPACITY = 1024;

  /** Per bucket: the keys (IEEE bits of the times) and payloads, in order of arrival. Bucket 0 needs no keys. */
  private final long[][] keys = new long[BUCKETS][];
  private final int[][] payloads = new int[BUCKETS][];
  private final int[] sizes = new int[BUCKETS];
  /** Per bucket: its arrays' length, so that looking for arrays to swap reads one small array. */
  private final int[] capacities = new int[BUCKETS];
  /** Per bucket: its smallest key, kept as events arrive, so that emptying it takes one pass, not two. */
  private final long[] mins = new long[BUCKETS];
  /** Bit {@code b} set: bucket {@code b} (b >= 1) is not empty. */
  private final long[] nonEmpty = new long[MASK_WORDS];
  /** The bucket being redistributed, whose arrays are being read: no other bucket may take them. */
  private int draining = -1;
  /** Bucket 0 is drained from the front: the index of its next event. */
  private int head;
  private long last;
  private int size;

  /** Buckets start small (257 of them) and grow by doubling to what the model needs. */
  MonotoneQueue() {
    for (int b = 0; b < BUCKETS; b++) {
      keys[b] = b == 0 ? new long[0] : new long[INITIAL_CAPACITY];
      payloads[b] = new int[INITIAL_CAPACITY];
      capacities[b] = INITIAL_CAPACITY;
    }
  }

  int size() {
    return size;
  }

  /** The time of the last event taken (0 before the first). */
  double lastTime() {
    return Double.longBitsToDouble(last);
  }

  /** Adds an event; {@code time} must be at least {@link #lastTime()}, which the engine checks. */
  void add(double time, int payload) {
    long key = Double.doubleToRawLongBits(time + 0.0); // + 0.0 turns -0.0 into 0.0, whose bits are 0
    assert key >= last : time + " < " + lastTime();
    append(bucket(key), key, payload);
    size++;
  }

  /**
   * Removes the earliest event and returns its payload; its time is {@link #lastTime()} afterwards.
   *
   * @throws NoSuchElementException if the queue is empty
   */
  int poll() {
    if (size == 0) {
      throw new NoSuchElementException("event queue is empty");
    }
    if (head == sizes[0]) {
      head = 0;
      sizes[0] = 0;
      redistribute(firstNonEmpty());
    }
    size--;
    return payloads[0][head++];
  }

  /** Removes every event and sets the time back to 0; the arrays are kept for reuse. */
  void clear() {
    Arrays.fill(sizes, 0);
    Arrays.fill(nonEmpty, 0);
    head = 0;
    last = 0;
    size = 0;
  }

  private int bucket(long key) {
    long diff = key ^ last;
    if (diff == 0) {
      return 0;
    }
    int level = (63 - Long.numberOfLeadingZeros(diff)) / DIGIT_BITS;
    return 1 + (level << DIGIT_BITS) + (int) ((key >>> (level * DIGIT_BITS)) & (DIGITS - 1));
  }

  private void append(int b, long key, int payload) {
    int n = sizes[b];
    if (n == payloads[b].length) {
      grow(b);
    }
    if (b != 0) {
      keys[b][n] = key;
      if (n == 0) {
        nonEmpty[b >>> 6] |= 1L << b;
        mins[b] = key;
      } else if (key < mins[b]) {
        mins[b] = key;
      }
    }
    payloads[b][n] = payload;
    sizes[b] = n + 1;
  }

  private int firstNonEmpty() {
    for (int w = 0; w < MASK_WORDS; w++) {
      if (nonEmpty[w] != 0) {
        return (w << 6) + Long.numberOfTrailingZeros(nonEmpty[w]);
      }
    }
    throw new IllegalStateException("no bucket holds an event");
  }

  /** Makes the smallest key of bucket {@code b} the new {@code last} and moves its events to earlier buckets. */
  private void redistribute(int b) {
    long[] k = keys[b];
    int[] p = payloads[b];
    int n = sizes[b];
    last = mins[b];
    sizes[b] = 0;
    nonEmpty[b >>> 6] &= ~(1L << b);
    draining = b;
    for (int i = 0; i < n; i++) {
      long key = k[i];
      append(bucket(key), key, p[i]); // always a bucket before b, never b itself
    }
    draining = -1;
  }

  private void grow(int b) {
    int n = sizes[b];
    int capacity = payloads[b].length * 2;
    if (b != 0 && capacity > SHARE_CAPACITY) {
      int[] caps = capacities;
      int best = -1;
      int bestCapacity = Integer.MAX_VALUE;
      for (int j = 1; j < BUCKETS; j++) {
        int c = caps[j];
        if (c >= capacity && c < bestCapacity && sizes[j] == 0 && j != draining) {
          best = j;
          bestCapacity = c;
        }
      }
      if (best >= 0) {
        long[] k = keys[best];
        int[] p = payloads[best];
        System.arraycopy(keys[b], 0, k, 0, n);
        System.arraycopy(payloads[b], 0, p, 0, n);
        keys[best] = keys[b];
        payloads[best] = payloads[b];
        caps[best] = caps[b];
        keys[b] = k;
        payloads[b] = p;
        caps[b] = bestCapacity;
        return;
      }
    }
    payloads[b] = Arrays.copyOf(payloads[b], capacity);
    if (b != 0) {
      keys[b] = Arrays.copyOf(keys[b], capacity);
    }
    capacities[b] = capacity;
  }
}
