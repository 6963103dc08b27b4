package snippets.kotlin

// tag::after[]
import io.github.backoff.Retrier
import io.github.backoff.RetryPolicy
import io.github.backoff.kotlin.retry
import io.github.backoff.strategy.Backoff
import java.io.IOException
import java.time.Duration
// end::after[]

class MigratedClient(private val api: UserApi) {
  // tag::after[]
  private val retrier: Retrier<User> = Retrier.of(
    RetryPolicy.builder<User>()
      .withBackoff(Backoff.exponential(Duration.ofMillis(100)).withCap(Duration.ofSeconds(5)).withFullJitter())
      .withMaxAttempts(5)
      .withMaxElapsed(Duration.ofSeconds(20))
      .retryOn(IOException::class.java)       // a bug (IllegalStateException) is not retried
      .build(),
  )

  suspend fun user(id: String): User = retrier.retry { api.fetchUser(id) }
  // end::after[]
}
