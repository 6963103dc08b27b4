package io.github.backoff.sim.engine;

import java.util.Arrays;
import java.util.Comparator;
import java.util.NoSuchElementException;
import java.util.stream.IntStream;

/**
 * A priority queue of events, each an {@code int} payload due at a {@code double} time, kept in a binary min-heap
 * over two parallel primitive arrays, so adding and removing an event allocates nothing and boxes nothing (the
 * arrays only grow, by doubling, when the queue outgrows them).
 *
 * <p>Events come out in order of time; events due at the same time come out in the order they were added, so a
 * simulation that adds the same events in the same order replays exactly. (Each event carries a sequence number,
 * packed with its payload into one {@code long}; after 2<sup>31</sup> additions the queue renumbers its events,
 * keeping their order.) {@code add}, {@code poll} and {@code replaceFirst} take {@code O(log n)};
 * {@code peekTime}, {@code peekPayload} and {@code size} take {@code O(1)}. Removal uses Floyd's bottom-up
 * sift-down: the hole goes down to a leaf along the smaller children, one comparison a level, and the moved event
 * climbs back only as far as it must, which for the late events a simulation adds is rarely far.
 *
 * <p>Test scope: the engine's queue until {@code MonotoneQueue} replaced it, kept as the oracle whose event order
 * the radix heap must reproduce exactly ({@code MonotoneQueueTest}).
 *
 * <p>Not thread-safe: a queue belongs to one simulation run on one thread.
 *
 * <pre>{@code
 * EventQueue queue = new EventQueue(16);
 * queue.add(2.5, 7);
 * queue.add(1.0, 3);
 * double t = queue.peekTime(); // 1.0
 * int payload = queue.poll();  // 3
 * }</pre>
 */
public final class EventQueue {
  private static final long MAX_SEQUENCE = Integer.MAX_VALUE;

  private double[] times;
  /** {@code sequence << 32 | payload}: comparing keys compares sequence numbers, which are unique. */
  private long[] keys;
  private int size;
  private long nextSequence;

  /**
   * Creates an empty queue with room for {@code initialCapacity} events before it grows.
   *
   * @throws IllegalArgumentException if {@code initialCapacity < 1}
   */
  public EventQueue(int initialCapacity) {
    if (initialCapacity < 1) {
      throw new IllegalArgumentException("initialCapacity must be >= 1: " + initialCapacity);
    }
    times = new double[initialCapacity];
    keys = new long[initialCapacity];
  }

  /** The number of events in the queue. */
  public int size() {
    return size;
  }

  /** Whether the queue holds no event. */
  public boolean isEmpty() {
    return size == 0;
  }

  /** Removes every event; the arrays are kept for reuse. */
  public void clear() {
    size = 0;
    nextSequence = 0;
  }

  /**
   * Adds an event due at {@code time}.
   *
   * @throws IllegalArgumentException if {@code time} is NaN
   */
  public void add(double time, int payload) {
    checkTime(time);
    if (size == times.length) {
      grow();
    }
    long key = key(payload); // before size changes: key() may renumber the events in place
    siftUp(size++, time, key);
  }

  /**
   * The time of the earliest event.
   *
   * @throws NoSuchElementException if the queue is empty
   */
  public double peekTime() {
    checkNotEmpty();
    return times[0];
  }

  /**
   * The payload of the earliest event.
   *
   * @throws NoSuchElementException if the queue is empty
   */
  public int peekPayload() {
    checkNotEmpty();
    return (int) keys[0];
  }

  /**
   * Removes the earliest event and returns its payload; read its time with {@link #peekTime()} first.
   *
   * @throws NoSuchElementException if the queue is empty
   */
  public int poll() {
    checkNotEmpty();
    int result = (int) keys[0];
    int last = --size;
    if (last > 0) {
      refill(times[last], keys[last]);
    }
    return result;
  }

  /**
   * Removes the earliest event and adds one due at {@code time}, in one pass: cheaper than {@link #poll()} then
   * {@link #add}. Returns the removed event's payload.
   *
   * @throws NoSuchElementException if the queue is empty
   * @throws IllegalArgumentException if {@code time} is NaN
   */
  public int replaceFirst(double time, int payload) {
    checkNotEmpty();
    checkTime(time);
    int result = (int) keys[0];
    refill(time, key(payload));
    return result;
  }

  /** Fills the hole at the root with the event (time, key), the heap holding {@code size} events after. */
  private void refill(double time, long key) {
    double[] t = times;
    long[] k = keys;
    int n = size;
    int hole = 0;
    int child;
    // Nodes with two children: pick the earlier child without a branch (non-short-circuit operators compile to
    // flag arithmetic), since which child is earlier is a coin toss the CPU cannot predict.
    while ((child = 2 * hole + 1) + 1 < n) {
      int right = child + 1;
      double tc = t[child];
      double tr = t[right];
      boolean rightFirst = tr < tc | (tr == tc & k[right] < k[child]);
      child += rightFirst ? 1 : 0;
      t[hole] = t[child];
      k[hole] = k[child];
      hole = child;
    }
    if (child < n) { // a last node with a single child
      t[hole] = t[child];
      k[hole] = k[child];
      hole = child;
    }
    siftUp(hole, time, key);
  }

  private void siftUp(int i, double time, long key) {
    double[] t = times;
    long[] k = keys;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      double pt = t[parent];
      if (pt < time || (pt == time && k[parent] < key)) {
        break;
      }
      t[i] = pt;
      k[i] = k[parent];
      i = parent;
    }
    t[i] = time;
    k[i] = key;
  }

  private long key(int payload) {
    if (nextSequence > MAX_SEQUENCE) {
      renumber();
    }
    return nextSequence++ << 32 | (payload & 0xFFFF_FFFFL);
  }

  /**
   * Gives the events sequence numbers 0, 1, ... in their current order. A sorted array is a valid heap, so sorting
   * in place keeps the invariant. Runs once per 2^31 additions.
   */
  private void renumber() {
    Integer[] order = IntStream.range(0, size).boxed().toArray(Integer[]::new);
    Arrays.sort(order, Comparator.<Integer>comparingDouble(i -> times[i]).thenComparingLong(i -> keys[i]));
    double[] t = new double[times.length];
    long[] k = new long[keys.length];
    for (int i = 0; i < size; i++) {
      t[i] = times[order[i]];
      k[i] = (long) i << 32 | (keys[order[i]] & 0xFFFF_FFFFL);
    }
    times = t;
    keys = k;
    nextSequence = size;
  }

  /** For tests: pretend {@code sequence} additions have happened since the last {@link #clear()}. */
  void skipSequenceTo(long sequence) {
    nextSequence = sequence;
  }

  private static void checkTime(double time) {
    if (Double.isNaN(time)) {
      throw new IllegalArgumentException("time must not be NaN");
    }
  }

  private void checkNotEmpty() {
    if (size == 0) {
      throw new NoSuchElementException("event queue is empty");
    }
  }

  private void grow() {
    int capacity = times.length * 2;
    times = Arrays.copyOf(times, capacity);
    keys = Arrays.copyOf(keys, capacity);
  }
}
