/**
 * Backoff strategies and jitter: small immutable values that compute the wait before each retry.
 *
 * <p>Start from a factory of {@link io.github.backoff.strategy.Backoff} ({@code none}, {@code constant},
 * {@code linear}, {@code exponential}, {@code truncatedBinary}, {@code decorrelatedJitter},
 * {@code decorrelatedJitterV2}) and compose with its combinators ({@code withCap}, {@code truncatedAfter},
 * {@code withFullJitter}, {@code withEqualJitter}, {@code withRandomization}, {@code withAdditiveJitter},
 * {@code quantizedTo}). The same objects drive real retries and the simulator.
 */
package io.github.backoff.strategy;
