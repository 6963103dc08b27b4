/**
 * Backoff simulator: competing clients retrying with backoff-core strategies, on a discrete-event engine, with
 * CSV, chart and HTML reports. Exports the entry API ({@code io.github.backoff.sim}) and the reports; the engine
 * and the models are internal.
 */
module io.github.backoff.sim {
  requires transitive io.github.backoff;
  requires java.desktop;
  requires org.knowm.xchart;

  exports io.github.backoff.sim;
  exports io.github.backoff.sim.report;
}
