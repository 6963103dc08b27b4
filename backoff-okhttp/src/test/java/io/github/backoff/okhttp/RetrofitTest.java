package io.github.backoff.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.StopReason;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.testing.EventRecorder;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.RecordedRequest;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import okhttp3.OkHttpClient;
import okhttp3.ResponseBody;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import retrofit2.Call;
import retrofit2.Response;
import retrofit2.Retrofit;
import retrofit2.http.GET;
import retrofit2.http.Path;


/** A Retrofit service on a client with the interceptor retries unchanged, against a real loopback server. */
class RetrofitTest {
  /** A Retrofit service, as an application declares it. */
  interface Items {
    @GET("items/{id}")
    Call<ResponseBody> item(@Path("id") String id);
  }

  private final FakeClock clock = new FakeClock();
  private final EventRecorder<RetryEvent<?>> events = new EventRecorder<>();
  private FaultServer server;
  private OkHttpClient client;

  @BeforeEach
  void start() throws IOException {
    server = FaultServer.start();
    client = Fixtures.client(Fixtures.virtual(Fixtures.policy(events), clock).build()).build();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private Items items(String baseUrl) {
    return new Retrofit.Builder().baseUrl(baseUrl).client(client).build().create(Items.class);
  }

  @Test
  void retrofitCall_503Then200_retried() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("busy"));

    Response<ResponseBody> response = items(server.uri("/").toString()).item("7").execute();

    assertThat(response.isSuccessful()).isTrue();
    assertThat(response.body().string()).isEqualTo("ok");
    assertThat(server.requests()).extracting(RecordedRequest::path).containsExactly("/items/7", "/items/7");
  }

  @Test
  void retrofitCall_retryableStatusToTheEnd_errorBodyAndStopReachTheCaller() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("busy 1"), FaultReply.status(503).withBody("busy 2"),
        FaultReply.status(503).withBody("busy 3"));

    Response<ResponseBody> response = items(server.uri("/").toString()).item("7").execute();

    assertThat(response.code()).isEqualTo(503);
    assertThat(response.errorBody().string()).isEqualTo("busy 3");
    assertThat(RetryInterceptor.outcomeOf(response.raw()).flatMap(HttpRetryOutcome::stopReason)).contains(StopReason.ATTEMPTS_EXHAUSTED);
    assertThat(server.requestCount()).isEqualTo(3);
  }

  @Test
  void retrofitCall_connectionRefused_throwsRetryIOException() throws IOException {
    int port;
    try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = closed.getLocalPort();
    }

    assertThatThrownBy(() -> items("http://127.0.0.1:" + port + "/").item("7").execute())
        .isInstanceOfSatisfying(RetryIOException.class, e -> assertThat(e.attempts()).isEqualTo(3));
  }
}
