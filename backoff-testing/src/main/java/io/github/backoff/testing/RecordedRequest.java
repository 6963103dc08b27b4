package io.github.backoff.testing;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A request a {@link FaultServer} read: counted whatever the server then did with it (answered, rejected, reset,
 * stalled).
 *
 * <pre>{@code
 * RecordedRequest first = server.requests().get(0);
 * assertThat(first.method()).isEqualTo("POST");
 * assertThat(first.header("Idempotency-Key")).isNotNull();
 * assertThat(first.bodyAsString()).isEqualTo("{\"id\":1}");
 * }</pre>
 *
 * <p>Immutable and thread-safe: the headers and the body are copies.
 *
 * @param sequence the request's number on this server, 0 for the first
 * @param connection the number of the connection it came on, 0 for the first: two requests with the same number
 *     shared a kept-alive connection
 * @param remotePort the client's port
 * @param method the method, e.g. {@code GET}
 * @param target the request target as sent, e.g. {@code /orders?page=2}
 * @param headers the headers, names as sent, in order; see {@link #header(String)} to look one up in any case
 * @param body the body, as received (a chunked body de-chunked)
 * @param arrivalNanos the server's ticker reading when the request head was read
 */
public record RecordedRequest(int sequence, int connection, int remotePort, String method, String target,
    List<Map.Entry<String, String>> headers, byte[] body, long arrivalNanos) {

  /** Copies the headers and the body. */
  public RecordedRequest {
    headers = List.copyOf(headers);
    body = body.clone();
  }

  /** The body (a copy). */
  @Override
  public byte[] body() {
    return body.clone();
  }

  /** The body decoded as UTF-8. */
  public String bodyAsString() {
    return new String(body, StandardCharsets.UTF_8);
  }

  /** The path of the target, without the query, e.g. {@code /orders}. */
  public String path() {
    int q = target.indexOf('?');
    return q < 0 ? target : target.substring(0, q);
  }

  /** The request line as HTTP/1.1 sends it, e.g. {@code POST /orders HTTP/1.1}. */
  public String requestLine() {
    return method + " " + target + " HTTP/1.1";
  }

  /** The first value of header {@code name} (any case), or null. */
  public String header(String name) {
    for (Map.Entry<String, String> h : headers) {
      if (h.getKey().equalsIgnoreCase(name)) {
        return h.getValue();
      }
    }
    return null;
  }

  /** Every value of header {@code name} (any case), in order. */
  public List<String> headerValues(String name) {
    return headers.stream().filter(h -> h.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue).toList();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RecordedRequest r && sequence == r.sequence && connection == r.connection
        && remotePort == r.remotePort && method.equals(r.method) && target.equals(r.target)
        && headers.equals(r.headers) && java.util.Arrays.equals(body, r.body) && arrivalNanos == r.arrivalNanos;
  }

  @Override
  public int hashCode() {
    return 31 * sequence + java.util.Arrays.hashCode(body);
  }

  @Override
  public String toString() {
    return "RecordedRequest[#" + sequence + " " + method + " " + target + ", " + body.length + " bytes]";
  }
}
