package io.github.backoff.sim;

/**
 * Told how far a simulation has got, counted in runs.
 *
 * <p>Called from the simulator's worker threads, but never concurrently: calls are serialized, and
 * {@code completed} strictly increases from call to call, reaching {@code total} on the last one. Keep it quick
 * (it holds up a worker); an exception it throws aborts the simulation.
 *
 * <pre>{@code
 * ProgressListener bar = (completed, total) ->
 *     System.err.printf("\r%3d%%", 100 * completed / total);
 * }</pre>
 */
@FunctionalInterface
public interface ProgressListener {
  /** A listener that ignores progress. */
  ProgressListener NONE = (completed, total) -> { };

  /**
   * Reports that {@code completed} of {@code total} runs have finished.
   *
   * @param completed runs finished so far, in {@code [1, total]}
   * @param total all the runs of the simulation
   */
  void onProgress(long completed, long total);
}
