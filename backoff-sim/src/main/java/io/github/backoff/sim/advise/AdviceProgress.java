package io.github.backoff.sim.advise;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Objects;

/**
 * Told how far an {@link Advisor} has got: runs done of those planned (an upper bound while candidates are still
 * being dropped), how many candidates are left, and the stage ({@code search} or {@code final check}). Fed by the
 * simulator's runner through its {@link io.github.backoff.sim.ProgressListener}, so it is called from worker
 * threads, but never concurrently: an implementation need not be thread-safe, and should be quick.
 *
 * <pre>{@code
 * Advisor advisor = Advisor.builder().progress(AdviceProgress.bar(System.err)).build();
 * }</pre>
 */
@FunctionalInterface
public interface AdviceProgress {
  /** Ignores progress. */
  AdviceProgress NONE = (done, planned, left, stage) -> { };

  /**
   * Reports progress.
   *
   * @param runsDone runs finished so far
   * @param runsPlanned runs planned, at least {@code runsDone}
   * @param candidatesLeft candidates still in the search, or being checked
   * @param stage {@code search} or {@code final check}
   */
  void onProgress(long runsDone, long runsPlanned, int candidatesLeft, String stage);

  /**
   * A one-line bar on {@code out}, redrawn in place ({@code \r}) at most every 1 %:
   * {@code [#########---------]  45%  420/930 runs, 38 candidates left (search), about 9 s left}; the time left is
   * the time so far per run times the runs still planned. It reads the wall clock for that estimate only, never for
   * a result. Safe as the advisor calls it (never concurrently); not for concurrent use otherwise.
   */
  static AdviceProgress bar(PrintStream out) {
    Objects.requireNonNull(out, "out");
    long started = System.nanoTime();
    long[] shown = {-1, -1};
    return (done, planned, left, stage) -> {
      long percent = planned == 0 ? 100 : 100 * done / planned;
      if (percent == shown[0] && left == shown[1] && done != planned) {
        return;
      }
      shown[0] = percent;
      shown[1] = left;
      double elapsed = (System.nanoTime() - started) / 1e9;
      double remaining = done == 0 ? Double.NaN : elapsed / done * (planned - done);
      int filled = (int) (30 * percent / 100);
      String line = String.format(Locale.ROOT, "\r[%s%s] %3d%%  %d/%d runs, %d candidates left (%s)%s   ",
          "#".repeat(filled), "-".repeat(30 - filled), percent, done, planned, left, stage,
          Double.isNaN(remaining) ? "" : String.format(Locale.ROOT, ", about %.0f s left", remaining));
      out.print(line);
      if (done == planned && stage.equals(Advisor.FINAL)) {
        out.println();
      }
      out.flush();
    };
  }
}
