package io.github.backoff.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Records the events a listener receives, in order, for assertions: pass {@code recorder::add} where a listener is
 * expected (Backoff's {@code RetryListener} is a functional interface). The kit depends on the JDK only, so it knows
 * no event type: {@link #ofType} picks those of one class.
 *
 * <pre>{@code
 * EventRecorder<RetryEvent<?>> events = new EventRecorder<>();
 * RetryPolicy<String> policy = RetryPolicy.<String>builder().onEvent(events::add).build();
 * retrier.call(flakyCall);
 * assertThat(events.ofType(RetryScheduled.class)).hasSize(2);
 * }</pre>
 *
 * <p>Thread-safe: events may arrive on any thread.
 *
 * @param <E> the event type
 */
public final class EventRecorder<E> {
  private final List<E> events = new CopyOnWriteArrayList<>();

  /** An empty recorder. */
  public EventRecorder() {}

  /**
   * Records {@code event}.
   *
   * @param event the event
   */
  public void add(E event) {
    events.add(event);
  }

  /** Every event recorded, in order; a snapshot. */
  public List<E> all() {
    return List.copyOf(events);
  }

  /**
   * The events of {@code type}, in order; a snapshot.
   *
   * @param type the class of the events wanted
   * @param <T> their type
   * @return the events that are instances of {@code type}
   */
  public <T> List<T> ofType(Class<T> type) {
    return events.stream().filter(type::isInstance).map(type::cast).toList();
  }

  /** Forgets every event recorded. */
  public void clear() {
    events.clear();
  }

  @Override
  public String toString() {
    return "EventRecorder" + events;
  }
}
