/**
 * The one runner every model runs on ({@link io.github.backoff.sim.run.Runner}): threads, progress and
 * deterministic collection of a {@link io.github.backoff.sim.spi.Study}'s runs; and the seeding every model uses
 * ({@link io.github.backoff.sim.run.Seeds}).
 */
package io.github.backoff.sim.run;

import io.github.backoff.sim.spi.Study;
