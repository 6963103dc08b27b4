/**
 * The discrete-event engine: a primitive-array binary heap of {@code (time, int payload)} events and a virtual
 * clock. Allocation-free per event; one engine per thread. Internal to the simulator: this package is not part of
 * its API and may change without notice.
 */
package io.github.backoff.sim.engine;
