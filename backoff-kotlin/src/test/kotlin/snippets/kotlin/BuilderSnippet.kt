package snippets.kotlin

// tag::builder[]
import io.github.backoff.RetryPolicy
import io.github.backoff.budget.RetryBudget
import io.github.backoff.strategy.Backoff
import java.io.IOException
import kotlin.time.Duration.Companion.milliseconds
import kotlin.time.Duration.Companion.seconds
import kotlin.time.toJavaDuration
// end::builder[]

fun builtFromKotlin(): RetryPolicy<String> {
  // tag::builder[]
  val policy = RetryPolicy.builder<String>()
    .withBackoff(Backoff.exponential(100.milliseconds.toJavaDuration()).withCap(5.seconds.toJavaDuration()))
    .withMaxAttempts(5)
    .withMaxElapsed(30.seconds.toJavaDuration())
    .retryOn(IOException::class.java)
    .retryIfResult { it.isEmpty() }
    .withBudget(RetryBudget.tokenBucket(10, 0.1))
    .onEvent { event -> println(event) }
    .build()
  // end::builder[]
  return policy
}
