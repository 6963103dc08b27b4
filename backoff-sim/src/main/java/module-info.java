/**
 * Backoff simulator: competing clients retrying with backoff-core strategies, on a discrete-event engine, with
 * CSV, chart and HTML reports. Exports the one pipeline every model runs on ({@code io.github.backoff.sim}:
 * {@code Simulation}, the registries), the model SPI ({@code .spi}) and the advisor ({@code .advise}). The models
 * ({@code .sweep}, {@code .overload}, {@code .hedging}, {@code .backlog}), the runner ({@code .run}), the report
 * layer ({@code .report}), the engine and the shared checks ({@code .internal}) are internal: a model is reached
 * through {@code Simulation} by its registered name and its settings.
 */
module io.github.backoff.sim {
  requires transitive io.github.backoff;
  requires java.desktop;
  requires org.knowm.xchart;

  exports io.github.backoff.sim;
  exports io.github.backoff.sim.advise;
  exports io.github.backoff.sim.spi;
}
