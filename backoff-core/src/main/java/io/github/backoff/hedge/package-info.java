/**
 * Hedged requests: when an attempt has not answered within a delay, send another and take the first acceptable
 * answer, to cut tail latency. {@link io.github.backoff.hedge.HedgePolicy} says when and how often to hedge,
 * {@link io.github.backoff.hedge.Hedger} runs asynchronous calls under it, the sealed
 * {@link io.github.backoff.hedge.HedgeEvent} records tell a {@link io.github.backoff.hedge.HedgeListener} what
 * happened, and {@link io.github.backoff.hedge.LatencyHistogram} tracks recent latencies for an adaptive delay.
 * Hedging composes with retries: retry outside, hedge inside. A listener that throws is logged and ignored.
 */
package io.github.backoff.hedge;
