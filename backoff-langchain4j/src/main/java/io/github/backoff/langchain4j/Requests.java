package io.github.backoff.langchain4j;

import dev.langchain4j.http.client.FormDataFile;
import dev.langchain4j.http.client.HttpRequest;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

/**
 * LangChain4j's requests as the JDK's: the method, the URL, the headers and the body, which is always one the JDK
 * client can send again (a string, or a form-data body built in memory), so that a retryable request can be retried.
 */
final class Requests {
  private static final String CRLF = "\r\n";

  private Requests() {}

  static java.net.http.HttpRequest toJdk(HttpRequest request, Duration timeout) {
    java.net.http.HttpRequest.Builder jdk = java.net.http.HttpRequest.newBuilder(URI.create(request.url()));
    request.headers().forEach((name, values) -> {
      if (values != null) {
        values.forEach(value -> jdk.header(name, value));
      }
    });
    BodyPublisher body;
    if (request.formDataFields().isEmpty() && request.formDataFiles().isEmpty()) {
      body = request.body() != null ? BodyPublishers.ofString(request.body()) : BodyPublishers.noBody();
    } else {
      String boundary = "backoff-" + UUID.randomUUID();
      body = BodyPublishers.ofByteArray(multipart(boundary, request.formDataFields(), request.formDataFiles()));
      jdk.setHeader("Content-Type", "multipart/form-data; boundary=" + boundary);
    }
    jdk.method(request.method().name(), body);
    if (timeout != null) {
      jdk.timeout(timeout);
    }
    return jdk.build();
  }

  /** A {@code multipart/form-data} body (RFC 7578): the fields, then the files, each a part. */
  static byte[] multipart(String boundary, Map<String, String> fields, Map<String, FormDataFile> files) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    fields.forEach((name, value) -> {
      write(out, "--" + boundary + CRLF + "Content-Disposition: form-data; name=\"" + name + "\"" + CRLF + CRLF);
      write(out, value);
      write(out, CRLF);
    });
    files.forEach((name, file) -> {
      write(out, "--" + boundary + CRLF + "Content-Disposition: form-data; name=\"" + name + "\"; filename=\""
          + file.fileName() + "\"" + CRLF);
      if (file.contentType() != null) {
        write(out, "Content-Type: " + file.contentType() + CRLF);
      }
      write(out, CRLF);
      out.writeBytes(file.content());
      write(out, CRLF);
    });
    write(out, "--" + boundary + "--" + CRLF);
    return out.toByteArray();
  }

  private static void write(ByteArrayOutputStream out, String text) {
    out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
  }
}
