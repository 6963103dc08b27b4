/**
 * Helpers shared by the simulator's packages. Internal: the module does not export this package, so it is not
 * part of the simulator's API and may change without notice.
 */
package io.github.backoff.sim.internal;
