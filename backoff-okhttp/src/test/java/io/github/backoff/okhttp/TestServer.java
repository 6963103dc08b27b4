package io.github.backoff.okhttp;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import okhttp3.HttpUrl;

/**
 * A real HTTP server (the JDK's) on a free loopback port: replies are scripted in order (then 200 "ok"), every
 * request is recorded with the client's port, so tests can tell whether a connection was reused. Slow replies wait
 * on a latch that {@link #close()} releases, so no handler outlives the test.
 */
final class TestServer implements AutoCloseable {
  /** What the server received. */
  record Received(String method, String path, String body, int remotePort, String idempotencyKey) {}

  /** A scripted reply. */
  @FunctionalInterface
  interface Reply {
    void send(HttpExchange exchange, TestServer server) throws IOException;
  }

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "test-server");
    t.setDaemon(true);
    return t;
  });
  private final Deque<Reply> script = new ArrayDeque<>();
  private final List<Received> received = new ArrayList<>();
  private final CountDownLatch released = new CountDownLatch(1);
  private volatile Function<Received, Reply> replies;

  private TestServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    server.start();
  }

  static TestServer start() throws IOException {
    return new TestServer();
  }

  /** Queues replies, sent in order to the next requests; after them the server answers 200 "ok". */
  TestServer reply(Reply... replies) {
    synchronized (script) {
      script.addAll(List.of(replies));
    }
    return this;
  }

  /** Replies with {@code replies.apply(request)} once the script is used up. */
  TestServer replyWith(Function<Received, Reply> replies) {
    this.replies = replies;
    return this;
  }

  HttpUrl url(String path) {
    return HttpUrl.get("http://127.0.0.1:" + server.getAddress().getPort() + path);
  }

  List<Received> received() {
    synchronized (script) {
      return List.copyOf(received);
    }
  }

  int count() {
    return received().size();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (InputStream in = exchange.getRequestBody()) {
      String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      Received r = new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), body,
          exchange.getRemoteAddress().getPort(), exchange.getRequestHeaders().getFirst("Idempotency-Key"));
      Reply reply;
      synchronized (script) {
        received.add(r);
        reply = script.poll();
      }
      Function<Received, Reply> f = replies;
      (reply != null ? reply : f != null ? f.apply(r) : status(200, "ok")).send(exchange, this);
    } catch (IOException e) {
      // The client gave up on this exchange (a timeout, a cancel) or the reply broke it on purpose.
    } finally {
      exchange.close();
    }
  }

  static Reply status(int code, String body, String... headers) {
    return (exchange, server) -> {
      for (int i = 0; i < headers.length; i += 2) {
        exchange.getResponseHeaders().add(headers[i], headers[i + 1]);
      }
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      boolean noBody = exchange.getRequestMethod().equals("HEAD") || bytes.length == 0;
      exchange.sendResponseHeaders(code, noBody ? -1 : bytes.length);
      if (!noBody) {
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(bytes);
        }
      }
    };
  }

  /** Waits for up to {@code delay} (or until the server closes), then sends {@code then}. */
  static Reply slow(Duration delay, Reply then) {
    return (exchange, server) -> {
      try {
        server.released.await(delay.toNanos(), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      then.send(exchange, server);
    };
  }

  @Override
  public void close() {
    released.countDown();
    server.stop(0);
    executor.shutdownNow();
  }
}
