/**
 * Backoff simulator: competing clients retrying with backoff-core strategies, on a discrete-event engine, with
 * CSV, chart and HTML reports. Exports the entry API ({@code io.github.backoff.sim}), the model SPI
 * ({@code .spi}), the runner ({@code .run}), the reports and the models ({@code .sweep}, {@code .overload}), the advisor ({@code .advise}); the
 * engine and the shared check and HTML helpers ({@code .internal}) are internal.
 */
module io.github.backoff.sim {
  requires transitive io.github.backoff;
  requires java.desktop;
  requires org.knowm.xchart;

  exports io.github.backoff.sim;
  exports io.github.backoff.sim.advise;
  exports io.github.backoff.sim.overload;
  exports io.github.backoff.sim.report;
  exports io.github.backoff.sim.hedging;
  exports io.github.backoff.sim.run;
  exports io.github.backoff.sim.spi;
  exports io.github.backoff.sim.sweep;
}
