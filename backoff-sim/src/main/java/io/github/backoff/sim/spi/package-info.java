/**
 * The model SPI: what a simulation model declares ({@link io.github.backoff.sim.spi.Model},
 * {@link io.github.backoff.sim.spi.Parameter}, {@link io.github.backoff.sim.spi.Metric}) and what it hands to the
 * one runner ({@link io.github.backoff.sim.spi.Study}, {@link io.github.backoff.sim.spi.Trial}) and the one report
 * layer ({@link io.github.backoff.sim.spi.Results}, {@link io.github.backoff.sim.spi.Reporter}). A model is a
 * package with its configuration, its engine code and one {@code Model} implementation; registering it in

 * {@code io.github.backoff.sim.ModelRegistry} is the only change elsewhere.
 */
package io.github.backoff.sim.spi;
