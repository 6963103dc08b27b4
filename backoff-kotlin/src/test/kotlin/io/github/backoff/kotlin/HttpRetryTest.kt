package io.github.backoff.kotlin

import io.github.backoff.RetryException
import io.github.backoff.RetryPolicy
import io.github.backoff.StopReason
import io.github.backoff.strategy.Backoff
import io.github.backoff.testing.FaultReply
import io.github.backoff.testing.FaultServer
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.future.await
import kotlinx.coroutines.launch
import kotlinx.coroutines.test.advanceUntilIdle
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runTest
import kotlinx.coroutines.withContext
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import java.io.IOException
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.Duration

/** The coroutine driver against a real loopback server, through the JDK's HTTP client. */
@OptIn(ExperimentalCoroutinesApi::class)
class HttpRetryTest {
  private val server = FaultServer.start()
  private val client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()

  @AfterEach
  fun close() {
    server.close()
  }

  private fun policy() = RetryPolicy.builder<HttpResponse<String>>()
    .withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(4)
    .retryOn(IOException::class.java).retryIfResult { it.statusCode() == 503 }

  /** A POST: the JDK client resends nothing on its own, so every request the server counts is one of ours. */
  private suspend fun post(path: String): HttpResponse<String> = client.sendAsync(
    HttpRequest.newBuilder(server.uri(path)).POST(HttpRequest.BodyPublishers.ofString("order")).build(),
    HttpResponse.BodyHandlers.ofString(),
  ).await()

  @Test
  fun retry_503sThenOk_theServerSeesEachAttempt() = runTest {
    server.enqueueStatuses(503, 503)
    val response = virtualRetrier(policy().build()).retry { post("/orders") }
    assertThat(response.statusCode()).isEqualTo(200)
    assertThat(server.requestCount("POST", "/orders")).isEqualTo(3)
    assertThat(currentTime).isEqualTo(2_000) // the waits were virtual; the requests were real
  }

  @Test
  fun retry_connectionResets_areRetriedAsFailures() = runTest {
    server.enqueue(FaultReply.reset(), FaultReply.reset())
    val response = virtualRetrier(policy().build()).retry { post("/orders") }
    assertThat(response.body()).isEqualTo("ok")
    assertThat(server.requestCount()).isEqualTo(3)
  }

  @Test
  fun retry_alwaysBusy_stopsWithTheLastResponse() = runTest {
    server.dispatch { FaultReply.status(503) }
    val thrown = runCatching {
      virtualRetrier(policy().throwOnRetryableResult().build()).retry { post("/orders") }
    }.exceptionOrNull() as RetryException
    assertThat(thrown.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED)
    assertThat(server.requestCount()).isEqualTo(4)
  }

  @Test
  fun retry_cancelledWhileWaiting_sendsNoFurtherRequest() = runTest {
    server.dispatch { FaultReply.status(503) }
    val job = launch { virtualRetrier(policy().build()).retry { post("/orders") } }
    withContext(Dispatchers.IO) { assertThat(server.awaitRequestCount(1, Duration.ofSeconds(5))).isTrue() }
    job.cancel() // the retry is in its 1 s (virtual) wait, or about to enter it
    advanceUntilIdle()
    assertThat(job.isCancelled).isTrue()
    // Nothing more arrives, even given real time for a request in flight to land.
    withContext(Dispatchers.IO) { assertThat(server.awaitRequestCount(2, Duration.ofMillis(200))).isFalse() }
    assertThat(server.requestCount()).isEqualTo(1)
  }

  @Test
  fun retry_cancelledWhileTheRequestStalls_sendsNoFurtherRequest() = runTest {
    server.enqueue(FaultReply.stall())
    val job = launch { virtualRetrier(policy().build()).retry { post("/orders") } }
    withContext(Dispatchers.IO) { assertThat(server.awaitRequestCount(1, Duration.ofSeconds(5))).isTrue() }
    job.cancel() // cancels the HTTP exchange in flight (the future's cancel)
    advanceUntilIdle()
    job.join()
    assertThat(job.isCancelled).isTrue()
    withContext(Dispatchers.IO) { assertThat(server.awaitRequestCount(2, Duration.ofMillis(200))).isFalse() }
    assertThat(server.requestCount()).isEqualTo(1)
  }
}
