/**
 * The {@code overload} model, one package: a service with a bounded queue, client timeouts, retries under a
 * {@link io.github.backoff.sim.overload.OverloadPolicy} and a core retry budget, and an outage
 * ({@link io.github.backoff.sim.overload.OverloadEngine}). Configure it with
 * {@link io.github.backoff.sim.overload.OverloadConfig}, run it with
 * {@link io.github.backoff.sim.overload.OverloadSimulation}, read
 * {@link io.github.backoff.sim.overload.OverloadResult}, whose
 * {@link io.github.backoff.sim.overload.OverloadResult#report()} declares its reports for the one report layer.
 * Registered as a model by
 * {@link io.github.backoff.sim.overload.OverloadSimModel}.
 *
 * <pre>{@code
 * OverloadResult result = OverloadSimulation.run(OverloadConfig.defaults(), ProgressListener.NONE);
 * System.out.print(result.report().summary());
 * }</pre>
 */
package io.github.backoff.sim.overload;
