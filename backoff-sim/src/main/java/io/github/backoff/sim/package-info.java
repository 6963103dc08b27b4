/**
 * The competing-clients simulator: configure a sweep with {@link io.github.backoff.sim.SimulationConfig}, run it
 * with {@link io.github.backoff.sim.Simulator}, read {@link io.github.backoff.sim.SimulationResult}. Strategies
 * come from backoff-core through {@link io.github.backoff.sim.StrategyRegistry}; the default configuration
 * reproduces the AWS Architecture Blog study "Exponential Backoff And Jitter" (2015).
 *
 * <p>The {@code overload} model (a service with a bounded queue, client timeouts, retries under a policy and a
 * core {@link io.github.backoff.budget.RetryBudget}, and an outage) has its own entry: configure it with
 * {@link io.github.backoff.sim.OverloadConfig}, run it with {@link io.github.backoff.sim.OverloadSimulator}, read
 * {@link io.github.backoff.sim.OverloadResult}; {@link io.github.backoff.sim.OverloadPolicy} names the policies.
 *
 * <pre>{@code
 * SimulationConfig config = SimulationConfig.builder().clients("10..190:10").out(Path.of("out")).build();
 * SimulationResult result = Simulator.run(config, ProgressListener.NONE);
 * System.out.print(result.summary());
 * }</pre>
 */
package io.github.backoff.sim;
