package snippets.kotlin

// tag::flow[]
import io.github.backoff.RetryPolicy
import io.github.backoff.kotlin.retryWith
import kotlinx.coroutines.flow.Flow
// end::flow[]

fun resilientPrices(policy: RetryPolicy<Double>, prices: () -> Flow<Double>): Flow<Double> {
  // tag::flow[]
  val feed: Flow<Double> = prices().retryWith(policy)   // a failed collection is started again, after the wait
  // end::flow[]
  return feed
}
