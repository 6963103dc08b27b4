package io.github.backoff.sim;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Parses the {@code --clients} syntax: a comma-separated list of items, each a count {@code N}, a range
 * {@code A..B} (step 1) or a stepped range {@code A..B:S}; {@code B} is included when the steps land on it. The
 * study's sweep is {@code 10..190:10}.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * ClientCounts.parse("10..190:10");  // [10, 20, ..., 190]
 * ClientCounts.parse("1,5,10..30:10"); // [1, 5, 10, 20, 30]
 * }</pre>
 */
public final class ClientCounts {
  /** The largest client count accepted. */
  public static final int MAX_CLIENTS = 1_000_000;
  /** The most client counts one spec may produce. */
  public static final int MAX_POINTS = 10_000;

  private ClientCounts() {}

  /**
   * The client counts {@code spec} denotes, in the order written.
   *
   * @throws NullPointerException if {@code spec} is null
   * @throws IllegalArgumentException with a one-line message starting {@code clients:} if {@code spec} is empty or
   *     malformed, a count is outside {@code [1, MAX_CLIENTS]}, a range runs backwards or has a step below 1, a
   *     count repeats, or there are more than {@link #MAX_POINTS} counts
   */
  public static List<Integer> parse(String spec) {
    if (spec == null) {
      throw new NullPointerException("clients");
    }
    if (spec.isBlank()) {
      throw new IllegalArgumentException("clients: must not be empty (example: 10..190:10)");
    }
    Set<Integer> counts = new LinkedHashSet<>();
    for (String raw : spec.split(",", -1)) {
      String item = raw.trim();
      int dots = item.indexOf("..");
      if (dots < 0) {
        add(counts, number(item, item, "count"), item);
        continue;
      }
      String from = item.substring(0, dots);
      String rest = item.substring(dots + 2);
      int colon = rest.indexOf(':');
      String to = colon < 0 ? rest : rest.substring(0, colon);
      int start = number(from, item, "start");
      int end = number(to, item, "end");
      int step = colon < 0 ? 1 : number(rest.substring(colon + 1), item, "step");
      if (end < start) {
        throw new IllegalArgumentException("clients: bad range '" + item + "': end " + end + " < start " + start);
      }
      for (long n = start; n <= end; n += step) {
        add(counts, (int) n, item);
      }
    }
    return List.copyOf(new ArrayList<>(counts));
  }

  private static void add(Set<Integer> counts, int n, String item) {
    if (!counts.add(n)) {
      throw new IllegalArgumentException("clients: " + n + " appears twice (at '" + item + "')");
    }
    if (counts.size() > MAX_POINTS) {
      throw new IllegalArgumentException("clients: more than " + MAX_POINTS + " client counts");
    }
  }

  private static int number(String text, String item, String what) {
    String t = text.trim();
    int value;
    try {
      value = Integer.parseInt(t);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("clients: bad " + what + " '" + t + "' in '" + item
          + "' (expected N, A..B or A..B:S, e.g. 10..190:10)");
    }
    if (value < 1 || value > MAX_CLIENTS) {
      throw new IllegalArgumentException("clients: " + what + " must be in [1, " + MAX_CLIENTS + "]: " + value
          + " in '" + item + "'");
    }
    return value;
  }
}
