package io.github.backoff.sim;

import java.io.PrintStream;
import java.util.Objects;

/**
 * A {@link ProgressListener} that draws a one-line text bar, such as
 * {@code [##########----------]  50%  4750/9500 runs}, redrawn in place with a carriage return and ended with a
 * newline when the simulation completes. It redraws only when the percentage changes, so it costs nothing
 * measurable. Meant for a terminal's standard error; show it only when there is a terminal
 * ({@code System.console() != null}).
 *
 * <p>Thread-safe as the simulator uses it: the simulator never calls a listener concurrently.
 *
 * <pre>{@code
 * ProgressListener progress = System.console() != null ? new ProgressBar(System.err) : ProgressListener.NONE;
 * SweepSimulation.run(config, progress);
 * }</pre>
 */
public final class ProgressBar implements ProgressListener {
  private static final int WIDTH = 30;

  private final PrintStream out;
  private long shownPercent = -1;

  /** A bar drawn on {@code out}. */
  public ProgressBar(PrintStream out) {
    this.out = Objects.requireNonNull(out, "out");
  }

  @Override
  public void onProgress(long completed, long total) {
    long percent = total == 0 ? 100 : 100 * completed / total;
    if (percent == shownPercent && completed != total) {
      return;
    }
    shownPercent = percent;
    int filled = (int) (WIDTH * percent / 100);
    StringBuilder sb = new StringBuilder(WIDTH + 40).append("\r[");
    sb.append("#".repeat(filled)).append("-".repeat(WIDTH - filled)).append("] ");
    String p = Long.toString(percent);
    sb.append(" ".repeat(3 - Math.min(3, p.length()))).append(p).append("%  ").append(completed).append('/')
        .append(total).append(" runs");
    if (completed == total) {
      sb.append('\n');
    }
    out.print(sb);
    out.flush();
  }
}
