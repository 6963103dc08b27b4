package io.github.backoff.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTP server on a loopback port that counts requests and answers the n-th request with {@code "reply n"}:
 * at once, or, for the numbers it was told are slow, after a delay or at {@link #close()}, whichever comes first,
 * so a slow reply never outlives the test.
 */
final class SlowLoopbackServer implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "slow-loopback-server");
    t.setDaemon(true);
    return t;
  });
  private final AtomicInteger requests = new AtomicInteger();
  private final CountDownLatch released = new CountDownLatch(1);
  private final Set<Integer> slow;
  private final long slowMillis;

  /** Answers the requests numbered {@code slowRequests} after {@code slowMillis} (or {@link #close()}). */
  SlowLoopbackServer(long slowMillis, Integer... slowRequests) throws IOException {
    this.slowMillis = slowMillis;
    this.slow = Set.of(slowRequests);
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    server.start();
  }

  URI uri() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/item");
  }

  int requests() {
    return requests.get();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (InputStream in = exchange.getRequestBody()) {
      in.readAllBytes();
      int n = requests.incrementAndGet();
      if (slow.contains(n)) {
        released.await(slowMillis, TimeUnit.MILLISECONDS);
      }
      byte[] body = ("reply " + n).getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    } catch (IOException e) {
      // the client cancelled this exchange: expected for hedges that lost
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      exchange.close();
    }
  }

  @Override
  public void close() {
    released.countDown();
    server.stop(0);
    executor.shutdownNow();
  }
}
