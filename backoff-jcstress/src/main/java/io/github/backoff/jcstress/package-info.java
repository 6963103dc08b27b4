/**
 * OpenJDK jcstress tests of Backoff's concurrent parts: the retry budgets, the adaptive rate limiter, the hedger,
 * the async retry and listener delivery. Each test names its FORBIDDEN outcomes from the Javadoc contract of the
 * class under test. Run them with the command in docs/reliability.md; they are never part of {@code verify}.
 *
 * <p>Scheduled tasks run on a {@link io.github.backoff.testing.ManualScheduler} that one actor advances, so a
 * scheduled wake-up races the other actor exactly, with no real timer.
 *
 * <p>backoff-grpc's outbound lane is tested from that module's own package
 * ({@code io.github.backoff.grpc.GrpcOutboundLaneStress}), which reaches the package-private {@code RetryingCall} on
 * the class path.
 */
package io.github.backoff.jcstress;
