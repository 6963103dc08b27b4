/**
 * Retry budgets: limits on how many retries a client makes as a whole, shared by all its calls to one service.
 * See {@link io.github.backoff.budget.RetryBudget}.
 */
package io.github.backoff.budget;
