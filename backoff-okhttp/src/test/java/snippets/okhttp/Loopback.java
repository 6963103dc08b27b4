package snippets.okhttp;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real loopback HTTP server for the docs' snippets: it answers with the given replies in turn (the last one
 * again once they are used up) and counts the requests. The {@code io.github.backoff.okhttp} tests have a richer one;
 * the snippets live outside that package, so that every import they show is needed.
 */
final class Loopback implements AutoCloseable {
  /** One reply: a status, a body and header name/value pairs. */
  record Reply(int status, String body, String... headers) {}

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "loopback-server");
    t.setDaemon(true);
    return t;
  });
  private final ConcurrentLinkedQueue<Reply> replies;
  private final AtomicInteger requests = new AtomicInteger();
  private final List<String> paths = new CopyOnWriteArrayList<>();
  private volatile Reply last;

  private Loopback(List<Reply> replies) throws IOException {
    this.replies = new ConcurrentLinkedQueue<>(replies);
    this.last = replies.get(replies.size() - 1);
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(executor);
    server.createContext("/", exchange -> {
      requests.incrementAndGet();
      paths.add(exchange.getRequestURI().getPath());
      exchange.getRequestBody().readAllBytes();
      Reply reply = this.replies.poll();
      if (reply == null) {
        reply = last;
      }
      for (int i = 0; i + 1 < reply.headers().length; i += 2) {
        exchange.getResponseHeaders().add(reply.headers()[i], reply.headers()[i + 1]);
      }
      byte[] body = reply.body().getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(reply.status(), body.length == 0 ? -1 : body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    server.start();
  }

  /** Starts a server answering with {@code replies} in turn, then the last one for ever. */
  static Loopback start(Reply... replies) throws IOException {
    return new Loopback(List.of(replies));
  }

  static Reply status(int status, String body, String... headers) {
    return new Reply(status, body, headers);
  }

  URI uri(String path) {
    return URI.create("http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort() + path);
  }

  int requests() {
    return requests.get();
  }

  /** The paths requested, in order. */
  List<String> paths() {
    return List.copyOf(paths);
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
