package io.github.backoff.sim.engine;

/**
 * A discrete-event engine: a monotone event queue (a radix heap, {@code MonotoneQueue}) and a
 * {@link VirtualClock}. A model schedules {@code int} events (it packs whatever it needs, such as a client number
 * and an event kind, into the payload) and pulls them back in time order; taking an event moves the clock to its time. The engine counts the events it hands out.
 *
 * <p>Pulling events in a loop, rather than calling back a handler, keeps the model's dispatch a {@code switch} the
 * JIT can inline, with nothing allocated per event.
 *
 * <p>Not thread-safe: an engine belongs to one thread; reuse it for run after run with {@link #reset()}.
 *
 * <pre>{@code
 * EventEngine engine = new EventEngine(64);
 * engine.scheduleAt(0, START);
 * while (engine.hasNext()) {
 *   int event = engine.next();        // engine.now() is now the event's time
 *   if (event == START) {
 *     engine.scheduleIn(10, STOP);    // ten time units from now
 *   }
 * }
 * }</pre>
 */
public final class EventEngine {
  private final MonotoneQueue queue = new MonotoneQueue();
  private final VirtualClock clock = new VirtualClock();
  private long events;

  /**
   * Creates an engine. The queue grows as needed; {@code initialCapacity} is checked and otherwise only a hint.
   *
   * @throws IllegalArgumentException if {@code initialCapacity < 1}
   */
  public EventEngine(int initialCapacity) {
    if (initialCapacity < 1) {
      throw new IllegalArgumentException("initialCapacity must be >= 1: " + initialCapacity);
    }
  }

  /** The current simulated time. */
  public double now() {
    return clock.now();
  }

  /**
   * Schedules {@code payload} at the absolute time {@code time}.
   *
   * @throws IllegalArgumentException if {@code time} is before {@link #now()} or NaN
   */
  public void scheduleAt(double time, int payload) {
    if (!(time >= clock.now())) {
      throw new IllegalArgumentException("time must be >= now: " + time + " < " + clock.now());
    }
    queue.add(time, payload);
  }

  /**
   * Schedules {@code payload} {@code delay} time units from now.
   *
   * @throws IllegalArgumentException if {@code delay} is negative or NaN
   */
  public void scheduleIn(double delay, int payload) {
    if (!(delay >= 0)) {
      throw new IllegalArgumentException("delay must be >= 0: " + delay);
    }
    queue.add(clock.now() + delay, payload);
  }

  /** Whether an event is pending. */
  public boolean hasNext() {
    return queue.size() > 0;
  }

  /** The number of pending events. */
  public int pending() {
    return queue.size();
  }

  /**
   * Takes the earliest event, moves the clock to its time and returns its payload.
   *
   * @throws java.util.NoSuchElementException if no event is pending
   */
  public int next() {
    int payload = queue.poll(); // throws NoSuchElementException if empty
    clock.advanceTo(queue.lastTime());
    events++;
    return payload;
  }

  /** The number of events taken by {@link #next()} since the engine was created. */
  public long eventCount() {
    return events;
  }

  /** Drops pending events and sets the clock back to 0; the event count keeps growing. */
  public void reset() {
    queue.clear();
    clock.reset();
  }
}
