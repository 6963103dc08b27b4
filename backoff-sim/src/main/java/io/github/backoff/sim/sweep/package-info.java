/**
 * The client sweeps, one model package: {@code occ} (the AWS "Exponential Backoff And Jitter" study's
 * optimistic-concurrency row, {@link io.github.backoff.sim.sweep.OccEngine}) and {@code single-server}
 * ({@link io.github.backoff.sim.sweep.SingleServerEngine}). Configure a sweep with
 * {@link io.github.backoff.sim.sweep.SimulationConfig}, run it with {@link io.github.backoff.sim.sweep.SweepSimulation},
 * read {@link io.github.backoff.sim.sweep.SweepResult}, whose
 * {@link io.github.backoff.sim.sweep.SweepResult#report()} declares its reports ({@code results.csv}, work and
 * completion charts, HTML, summary) for the one report layer to write. Registered as models by
 * {@link io.github.backoff.sim.sweep.SweepModel}.
 *
 * <pre>{@code
 * SimulationConfig config = SimulationConfig.builder().clients("10..190:10").out(Path.of("out")).build();
 * SweepResult result = SweepSimulation.run(config, ProgressListener.NONE);
 * System.out.print(result.report().summary());
 * }</pre>
 */
package io.github.backoff.sim.sweep;
