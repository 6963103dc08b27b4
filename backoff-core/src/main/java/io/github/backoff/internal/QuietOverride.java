package io.github.backoff.internal;

/**
 * A delay override that can tell from an attempt's outcome alone that it has nothing to say (it would return null,
 * "the strategy's delay", whatever the rest of its context), so that the decision core does not build the
 * {@code RetryContext} it would be given: that context is a record and three durations on every retry, and most
 * retries carry no hint. The decision is the same either way. Not part of the API.
 */
public interface QuietOverride {
  /**
   * Whether the override would return null for this outcome, whatever the rest of the context; false when unsure.
   *
   * @param result the attempt's result, or null
   * @param failure the attempt's failure, or null
   * @return true only if the override is sure to return null
   */
  boolean isQuietFor(Object result, Throwable failure);
}
