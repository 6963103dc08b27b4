/**
 * The discrete-event engine: a monotone priority queue of {@code (time, int payload)} events (a radix heap over
 * primitive arrays, {@code MonotoneQueue}) and a virtual clock. Allocation-free per event once warm; one engine per
 * thread; {@code SlotPool} hands out reusable slots of per-entity primitive arrays. A binary heap
 * ({@code EventQueue}, kept in the tests) is the reference the radix heap's event order is tested against. Internal to the simulator: this package is not part of
 * its API and may change without notice.
 */
package io.github.backoff.sim.engine;
