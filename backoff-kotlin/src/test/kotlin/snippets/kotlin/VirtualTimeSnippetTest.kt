package snippets.kotlin

// tag::test[]
import io.github.backoff.Retrier
import io.github.backoff.RetryPolicy
import io.github.backoff.kotlin.retry
import io.github.backoff.strategy.Backoff
import io.github.backoff.testing.Randoms
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runTest
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.time.Duration
// end::test[]

import java.io.IOException
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.toList

@OptIn(ExperimentalCoroutinesApi::class)
class VirtualTimeSnippetTest {
  // tag::test[]
  @Test
  fun user_retriesTwice() = runTest {
    val policy = RetryPolicy.builder<User>().withBackoff(Backoff.constant(Duration.ofSeconds(1))).build()
    val retrier = Retrier.builder(policy)
      .withTicker { testScheduler.currentTime * 1_000_000 }   // the policy's clock is the test's virtual time
      .withRandom(Randoms.seeded(42))
      .build()
    val api = UserApi(failures = 2)
    assertThat(retrier.retry { api.fetchUser("42") }).isEqualTo(User("42"))
    assertThat(currentTime).isEqualTo(2_000)                 // two 1 s waits, in no real time
  }
  // end::test[]

  @Test
  fun snippets_run() = runTest {
    assertThat(UserClient(UserApi(failures = 1)).user("7")).isEqualTo(User("7"))
    assertThat(MigratedClient(UserApi(failures = 1)).user("8")).isEqualTo(User("8"))
    assertThat(retryHandWritten { "x" }).isEqualTo("x")
    var polls = 0
    assertThat(awaitJob { if (++polls < 3) "RUNNING" else "DONE" }).isEqualTo("DONE")
    assertThat(latestStatus(RetryPolicy.builder<String>().build()) { "UP" }).isEqualTo("UP")
    var collections = 0
    assertThat(resilientPrices {
      flow {
        emit(1.0)
        if (++collections < 2) throw IOException("feed dropped")
        emit(2.0)
      }
    }.toList()).containsExactly(1.0, 1.0, 2.0)       // the first collection's 1.0, then the second's, after a wait
    assertThat(collections).isEqualTo(2)
    assertThat(builtFromKotlin().maxAttempts()).isEqualTo(5)
  }
}
