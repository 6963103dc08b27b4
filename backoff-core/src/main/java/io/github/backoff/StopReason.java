package io.github.backoff;

/** Why a retried execution stopped without success; carried by {@link RetryException} and the gave-up event. */
public enum StopReason {
  /** The last allowed attempt failed ({@code maxAttempts}). */
  ATTEMPTS_EXHAUSTED("attempts exhausted"),
  /** The next wait would have ended at or after the time budget ({@code maxElapsed}), so it was not started. */
  TIME_BUDGET_EXHAUSTED("time budget exhausted"),
  /** A failure or result matched an abort condition. */
  ABORTED("aborted"),
  /** A failure matched none of the retry conditions. */
  NOT_RETRYABLE("not retryable"),
  /** The calling thread was interrupted during an attempt or a wait. */
  INTERRUPTED("interrupted"),
  /** A retry budget shared by the client's calls denied the retry. */
  BUDGET_DENIED("budget denied"),
  /** A delay override (a server's hint such as Retry-After) asked for a wait longer than the policy allows. */
  DELAY_TOO_LONG("requested delay too long"),
  /**
   * A result said the caller is out of quota, not merely too fast ({@link RetryPolicyBuilder#stopIfQuotaExhausted}):
   * e.g. an HTTP 429 with OpenAI's {@code insufficient_quota}, or a reset hours away. Waiting would not help.
   */
  QUOTA_EXHAUSTED("quota exhausted");

  private final String description;

  StopReason(String description) {
    this.description = description;
  }

  /** A short lower-case description, e.g. {@code "attempts exhausted"}. */
  public String description() {
    return description;
  }
}
