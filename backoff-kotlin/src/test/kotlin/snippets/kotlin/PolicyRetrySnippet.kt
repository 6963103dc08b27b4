package snippets.kotlin

// tag::policy-retry[]
import io.github.backoff.RetryPolicy
import io.github.backoff.kotlin.retry
// end::policy-retry[]

suspend fun latestStatus(policy: RetryPolicy<String>, poll: suspend () -> String): String {
  // tag::policy-retry[]
  val status: String = policy.retry { poll() }   // Retrier.of(policy): system time, ThreadLocalRandom
  // end::policy-retry[]
  return status
}
