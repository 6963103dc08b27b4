/**
 * The advisor: the retry policy for a service, found by simulation. A {@link io.github.backoff.sim.advise.Scenario}
 * (clients, service, failure mode, read from a {@code .properties} file) and an
 * {@link io.github.backoff.sim.advise.Objective} (a metric to minimise under constraints) go to an
 * {@link io.github.backoff.sim.advise.Advisor}, which searches strategy families, their parameters, attempt limits
 * and budgets on the simulator's existing models (successive halving with racing, common random numbers), checks
 * the best on fresh seeds beside the core presets, and returns an {@link io.github.backoff.sim.advise.Advice}: the
 * ranked {@link io.github.backoff.sim.advise.Candidate}s with figures and 95 % intervals, the Pareto front, and the
 * recommendation as Java code, Spring Boot properties and {@code backoff exec} flags. The engine (search, ranking,
 * evaluation, report layout) is package-private.
 *
 * <pre>{@code
 * Scenario scenario = Scenario.load(Path.of("docs/scenarios/aws-contention.properties"));
 * Advice advice = Advisor.builder().build().advise(scenario, scenario.objective());
 * ReportWriter.write(advice.report(), Path.of("advice"));
 * }</pre>
 */
package io.github.backoff.sim.advise;
