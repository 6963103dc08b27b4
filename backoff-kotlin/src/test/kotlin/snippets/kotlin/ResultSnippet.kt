package snippets.kotlin

// tag::result[]
import io.github.backoff.RetryPolicy
import io.github.backoff.kotlin.retry
import io.github.backoff.strategy.Backoff
import java.time.Duration
// end::result[]

suspend fun awaitJob(jobStatus: suspend () -> String): String {
  // tag::result[]
  val untilDone = RetryPolicy.builder<String>()
    .withBackoff(Backoff.constant(Duration.ofSeconds(2)))
    .withMaxAttempts(30)
    .retryIfResult { it == "RUNNING" }        // a result can be retried too, not only an exception
    .throwOnRetryableResult()                 // still RUNNING after 30 polls: RetryException
    .build()
  val status = untilDone.retry { jobStatus() }
  // end::result[]
  return status
}
