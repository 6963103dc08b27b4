package io.github.backoff.sim.sweep;

import io.github.backoff.sim.report.Numbers;

/**
 * The short summary for a terminal: for each strategy, at the sweep's largest client count, mean work and
 * completion time, work against its lower bound N and completion against {@code N × one attempt's time} (a lower
 * bound of the mean for {@code single-server}, a reference for {@code occ}), and the server's utilisation for
 * {@code single-server}. The full table is in {@code results.csv} and {@code report.html}.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * System.out.print(SummaryTable.format(result));
 * }</pre>
 */
public final class SummaryTable {
  private SummaryTable() {}

  /** The summary, lines ending with {@code \n}. */
  public static String format(SimulationResult result) {
    SimulationConfig config = result.config();
    int n = config.clients().stream().mapToInt(Integer::intValue).max().orElseThrow();
    boolean server = config.model() == ModelKind.SINGLE_SERVER;
    int width = Math.max(8, config.strategies().stream().mapToInt(String::length).max().orElse(8));
    StringBuilder sb = new StringBuilder();
    sb.append("model ").append(config.model().id()).append(", ").append(config.runs()).append(" runs per point, seed ")
        .append(config.seed()).append(", at N = ").append(n).append(" clients:\n");
    sb.append(Numbers.left("strategy", width)).append(Numbers.right("work", 13)).append(Numbers.right("work/N", 9))
        .append(Numbers.right("completion", 14))
        .append(Numbers.right("vs Nx" + Numbers.plain(config.model().attemptTime()), 10));
    if (server) {
      sb.append(Numbers.right("utilisation", 13));
    }
    sb.append('\n');
    for (String strategy : config.strategies()) {
      PointResult p = result.point(strategy, n);
      sb.append(Numbers.left(strategy, width))
          .append(Numbers.right(Numbers.grouped(p.work().mean(), 1), 13))
          .append(Numbers.right(Numbers.grouped(p.workPerClient(), 2) + "x", 9))
          .append(Numbers.right(Numbers.grouped(p.completion().mean(), 1), 14))
          .append(Numbers.right(Numbers.grouped(p.completionVsReference(), 2) + "x", 10));
      if (server) {
        sb.append(Numbers.right(Numbers.grouped(100 * p.utilisation().mean(), 1) + "%", 13));
      }
      sb.append('\n');
    }
    String nTimes = "N x " + Numbers.plain(config.model().attemptTime());
    sb.append("work/N >= 1 (a lower bound); vs Nx").append(Numbers.plain(config.model().attemptTime()))
        .append(" = completion / (").append(nTimes)
        .append(server ? "), a lower bound of the mean" : "), a reference, not a bound: attempts overlap")
        .append("; time units = ms\n");
    return sb.toString();
  }
}
