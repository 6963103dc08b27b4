/**
 * The simulator's entry: {@link io.github.backoff.sim.ModelRegistry} (the models by name: {@code occ},
 * {@code single-server}, {@code overload}, and any registered), {@link io.github.backoff.sim.Simulation} (one
 * pipeline for every model: options, study, runner, reports) and {@link io.github.backoff.sim.SimulationMain};
 * what every model shares: {@link io.github.backoff.sim.StrategyRegistry} (strategies from backoff-core),
 * {@link io.github.backoff.sim.Stats}, {@link io.github.backoff.sim.ProgressListener}. The models live in their
 * own packages ({@code .sweep}, {@code .overload}), the model SPI in {@code .spi}, the runner in {@code .run}, the
 * generic reports in {@code .report}.
 *
 * <pre>{@code
 * Study study = Simulation.study(ModelRegistry.defaults(), "occ",
 *     Settings.of(Map.of("clients", "10..190:10", "out", "out")), StrategyLookup.NONE);
 * Simulation.Outcome outcome = Simulation.run(study, ProgressListener.NONE);
 * System.out.print(outcome.summary());
 * }</pre>
 */
package io.github.backoff.sim;
