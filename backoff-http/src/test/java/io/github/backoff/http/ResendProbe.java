package io.github.backoff.http;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;

/**
 * Sends one GET with a plain JDK client and prints how it ended; run in a JVM of its own by {@link JdkResendTest}
 * with and without {@code jdk.httpclient.redirects.retrylimit}, a property the JDK reads once per JVM. Uses JDK
 * classes only, so it runs from the test classes directory alone.
 */
final class ResendProbe {
  private ResendProbe() {}

  public static void main(String[] args) throws InterruptedException {
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    try {
      int status = client.send(HttpRequest.newBuilder(URI.create(args[0])).build(), BodyHandlers.discarding())
          .statusCode();
      System.out.println("status " + status);
    } catch (java.io.IOException e) {
      System.out.println("failed " + e);
    }
  }
}
