package snippets.kotlin

// tag::before[]
import kotlinx.coroutines.delay
// end::before[]

// tag::before[]
suspend fun <T> retryHandWritten(
  times: Int = 5,
  initialDelayMillis: Long = 100,
  maxDelayMillis: Long = 5_000,
  block: suspend () -> T,
): T {
  var wait = initialDelayMillis
  repeat(times - 1) {
    try {
      return block()
    } catch (e: Exception) {        // also catches CancellationException: a cancelled call is retried
      // log and try again
    }
    delay(wait)                     // the same wait for every client: no jitter
    wait = (wait * 2).coerceAtMost(maxDelayMillis)
  }
  return block()                    // the last failure alone; the earlier ones are lost
}
// end::before[]
