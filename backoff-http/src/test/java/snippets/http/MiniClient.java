package snippets.http;

// tag::client[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.httprules.spi.HttpResponseReader;
import io.github.backoff.httprules.spi.HttpRetryBuilder;
import io.github.backoff.httprules.spi.HttpRetryCall;
import io.github.backoff.httprules.spi.HttpRetryCalls;
import java.io.IOException;
import java.util.Map;

/** A retrying client for a transport of our own: everything HTTP-specific comes from HttpRetryCalls. */
final class MiniClient {
  /** The client we add retries to: one exchange, with a timeout in milliseconds (0 for none). */
  interface Transport {
    Reply exchange(String method, String path, Map<String, String> headers, long timeoutMillis) throws IOException;
  }

  /** Its response type; the body is read in full, so a response can be retried without leaking a connection. */
  record Reply(int status, Map<String, String> headers, String body) {}

  // 1. Tell the shared code how to read a response.
  private static final HttpResponseReader READER =
      HttpResponseReader.of(Reply.class, Reply::status, (reply, name) -> reply.headers().get(name));

  private final Transport transport;
  private final HttpRetryCalls calls;

  private MiniClient(Transport transport, RetryPolicy<? super Reply> policy, HttpRetryOptions options) {
    this.transport = transport;
    // 2. Derive the policy, the retriers and the budget from the user's policy and the options.
    this.calls = HttpRetryCalls.create(policy, options, READER);
  }

  // 3. The builder: every option's setter, validation and documentation is inherited.
  static final class Builder extends HttpRetryBuilder<Builder> {
    private final Transport transport;
    private final RetryPolicy<? super Reply> policy;

    Builder(Transport transport, RetryPolicy<? super Reply> policy) {
      this.transport = transport;
      this.policy = policy;
    }

    MiniClient build() {
      return new MiniClient(transport, policy, options());
    }
  }

  // 4. One call: may it be retried, each attempt's time limit, and how the call ended.
  HttpRetryOutcome<Reply> send(String method, String path, Map<String, String> headers) {
    HttpRetryCall call = calls.newCall(calls.isRetryable(headers, method, Map::containsKey));
    Reply reply = (Reply) call.run(() -> {     // throws RetryException when retries stop without a reply
      long limit = call.attemptLimitNanos();
      return transport.exchange(method, path, headers, limit == Long.MAX_VALUE ? 0 : Math.max(1, limit / 1_000_000));
    });
    return call.outcome(reply);                 // the reply, attempts, time, and why retries stopped on it, if they did
  }
}
// end::client[]
