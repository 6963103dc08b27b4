/**
 * Virtual time for tests of retry code: {@link io.github.backoff.testing.FakeClock} (a ticker and sleeper that
 * never block), {@link io.github.backoff.testing.ManualScheduler} (a {@code ScheduledExecutorService} that runs
 * tasks when the test advances time), wall clocks that follow either ({@code wallClock(epoch)}),
 * {@link io.github.backoff.testing.Randoms} (seeded and scripted random sources),
 * {@link io.github.backoff.testing.EventRecorder} (the events a listener saw),
 * {@link io.github.backoff.testing.Allocations} (bytes allocated by a call),
 * {@link io.github.backoff.testing.Await} (a brief real-time wait for a thread the test does not own),
 * {@link io.github.backoff.testing.TwoSampleKolmogorovSmirnov} (do two samples of waits share a distribution?) and
 * {@link io.github.backoff.testing.FaultServer} (a loopback HTTP server that scripts faults and counts requests).
 * The kit depends on the JDK only and plugs into Backoff through method references:
 *
 * <pre>{@code
 * ManualScheduler scheduler = new ManualScheduler();
 * Retrier<String> retrier = Retrier.builder(policy)
 *     .withTicker(scheduler::nanoTime).withSleeper(scheduler::sleep).withScheduler(scheduler)
 *     .withRandom(Randoms.seeded(42)).build();
 * CompletableFuture<String> f = retrier.callAsync(() -> service.fetch());
 * scheduler.advance(Duration.ofSeconds(1));   // runs the retries that are due, instantly
 * }</pre>
 */
package io.github.backoff.testing;
