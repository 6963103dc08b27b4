package io.github.backoff.spring.web;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpResponse;

/**
 * A response with a retryable status, read whole into memory so that its connection was released before the wait.
 */
final class BufferedResponse implements ClientHttpResponse {
  private final HttpStatusCode status;
  private final String statusText;
  private final HttpHeaders headers;
  private final byte[] body;

  private BufferedResponse(HttpStatusCode status, String statusText, HttpHeaders headers, byte[] body) {
    this.status = status;
    this.statusText = statusText;
    this.headers = headers;
    this.body = body;
  }

  static BufferedResponse readAndClose(ClientHttpResponse response) throws IOException {
    try (response) {
      HttpHeaders headers = new HttpHeaders();
      // forEach and addAll(String, List): methods Spring Framework 6.2 and 7 both have (putAll(HttpHeaders) is
      // 7's only), so that a Spring Boot 3.5 application runs this jar (backoff-boot3-compat).
      response.getHeaders().forEach(headers::addAll);
      byte[] bytes;
      try (InputStream in = response.getBody()) {
        bytes = in.readAllBytes();
      }
      return new BufferedResponse(response.getStatusCode(), response.getStatusText(),
          HttpHeaders.readOnlyHttpHeaders(headers), bytes);
    }
  }

  /** The first {@code maxChars} bytes of the body as UTF-8 text. */
  String bodyPrefix(int maxChars) {
    return io.github.backoff.httprules.spi.HttpResponseReader.utf8Prefix(body, maxChars);
  }

  @Override
  public HttpStatusCode getStatusCode() {
    return status;
  }

  @Override
  public String getStatusText() {
    return statusText;
  }

  @Override
  public HttpHeaders getHeaders() {
    return headers;
  }

  @Override
  public InputStream getBody() {
    return new ByteArrayInputStream(body);
  }

  @Override
  public void close() {
    // Nothing to release: the connection was released when the body was read.
  }

  @Override
  public String toString() {
    return "BufferedResponse[" + status + ", " + body.length + " bytes" + "]";
  }
}
