package io.github.backoff.http;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLSession;

/**
 * A response with the metadata of one the client received and a body of our choosing: the bytes of a response
 * with a retryable status (read in full so that its connection goes back to the pool), the body the user's
 * handler made from those bytes once retries stopped on it, or (not to be replayed) the body of a response that
 * the policy's own result condition retries. Immutable apart from the body object itself.
 */
final class BufferedResponse<T> implements HttpResponse<T> {
  private final HttpResponse<?> received;
  private final T body;
  private final boolean replay;

  BufferedResponse(HttpResponse<?> received, T body) {
    this(received, body, false);
  }

  BufferedResponse(HttpResponse<?> received, T body, boolean replay) {
    this.received = received;
    this.body = body;
    this.replay = replay;
  }

  /** Whether the body is buffered bytes, to be replayed through the caller's handler. */
  boolean replay() {
    return replay;
  }

  /** The response as the client received it. */
  HttpResponse<?> received() {
    return received;
  }

  /**
   * Feeds {@code buffered}'s bytes to {@code handler}'s subscriber, as the client would have, and completes with a
   * response carrying the body that subscriber makes. Demand is honoured: the bytes go out on the first request.
   */
  static <T> CompletionStage<HttpResponse<T>> replay(BufferedResponse<byte[]> buffered,
      HttpResponse.BodyHandler<T> handler) {
    HttpResponse<?> received = buffered.received;
    HttpResponse.BodySubscriber<T> subscriber =
        handler.apply(new Info(received.statusCode(), received.headers(), received.version()));
    subscriber.onSubscribe(new OneShot(subscriber, buffered.body.clone()));
    return subscriber.getBody().thenApply(body -> new BufferedResponse<>(received, body));
  }

  private record Info(int statusCode, HttpHeaders headers, HttpClient.Version version)
      implements HttpResponse.ResponseInfo {}

  /** Publishes one list of buffers, then completes; later requests and a cancel do nothing. */
  private static final class OneShot implements Flow.Subscription {
    private final Flow.Subscriber<? super List<ByteBuffer>> subscriber;
    private final byte[] bytes;
    private final AtomicBoolean done = new AtomicBoolean();

    OneShot(Flow.Subscriber<? super List<ByteBuffer>> subscriber, byte[] bytes) {
      this.subscriber = subscriber;
      this.bytes = bytes;
    }

    @Override
    public void request(long n) {
      if (!done.compareAndSet(false, true)) {
        return;
      }
      if (n <= 0) {
        subscriber.onError(new IllegalArgumentException("demand must be positive: " + n));
        return;
      }
      if (bytes.length > 0) {
        subscriber.onNext(List.of(ByteBuffer.wrap(bytes)));
      }
      subscriber.onComplete();
    }

    @Override
    public void cancel() {
      done.set(true);
    }
  }

  @Override
  public int statusCode() {
    return received.statusCode();
  }

  @Override
  public HttpRequest request() {
    return received.request();
  }

  @Override
  @SuppressWarnings("unchecked")
  public Optional<HttpResponse<T>> previousResponse() {
    // Earlier responses of a redirect chain carry no body, whatever their declared type.
    return (Optional<HttpResponse<T>>) (Optional<?>) received.previousResponse();
  }

  @Override
  public HttpHeaders headers() {
    return received.headers();
  }

  @Override
  public T body() {
    return body;
  }

  @Override
  public Optional<SSLSession> sslSession() {
    return received.sslSession();
  }

  @Override
  public URI uri() {
    return received.uri();
  }

  @Override
  public HttpClient.Version version() {
    return received.version();
  }

  @Override
  public String toString() {
    return received.toString();
  }
}
