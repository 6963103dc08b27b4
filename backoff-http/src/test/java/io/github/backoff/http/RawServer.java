package io.github.backoff.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A loopback fault server that speaks just enough HTTP/1.1 to misbehave in ways a real server will not: each
 * connection gets its own thread, reads one request head (a request the server <em>saw</em>, counted by
 * {@link #requests()}), and gets the action chosen for it, by its number in a script or by a function of the
 * request; then the connection is closed. Waits end early when the server is closed, so no thread outlives a test.
 */
final class RawServer implements AutoCloseable {
  /** A request the server saw: its number (0 for the first), method and path. */
  record Request(int index, String method, String path) {}

  /** What to do with one connection after its request head was read. */
  @FunctionalInterface
  interface Action {
    void run(Socket connection, OutputStream out, RawServer server) throws IOException;

    /** Promises 100 bytes of body, sends 7, closes: a truncated body. */
    Action CLOSE_MID_RESPONSE = (c, out, s) -> write(out, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npartial");
    /** Closes with a TCP reset (SO_LINGER 0) before any byte of a response. */
    Action RESET = (c, out, s) -> c.setSoLinger(true, 0);
    /** Closes normally (a FIN) without a byte of a response. */
    Action CLOSE = (c, out, s) -> { };
    /** Sends the first byte of a status line, then resets. */
    Action RESET_AFTER_FIRST_BYTE = (c, out, s) -> {
      write(out, "H");
      pause(s, Duration.ofMillis(20)); // lets the byte reach the client before the reset
      c.setSoLinger(true, 0);
    };
    /** Answers 200 "ok". */
    Action OK = status(200, "ok");
  }

  private final ServerSocket socket;
  private final Function<Request, Action> actions;
  private final AtomicInteger accepted = new AtomicInteger();
  private final List<Request> requests = new ArrayList<>();
  private final CountDownLatch closed = new CountDownLatch(1);

  /** Runs the actions in order for the first requests, then answers 200 "ok". */
  RawServer(Action... script) throws IOException {
    this(r -> r.index() < script.length ? script[r.index()] : Action.OK);
  }

  RawServer(Function<Request, Action> actions) throws IOException {
    this.socket = new ServerSocket(0, 256, InetAddress.getLoopbackAddress());
    this.actions = actions;
    Thread acceptor = new Thread(this::accept, "raw-server");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  URI uri(String path) {
    return URI.create("http://127.0.0.1:" + socket.getLocalPort() + path);
  }

  /** How many connections were accepted. */
  int accepted() {
    return accepted.get();
  }

  /** How many request heads the server read: the requests it saw. */
  int requests() {
    synchronized (requests) {
      return requests.size();
    }
  }

  List<Request> received() {
    synchronized (requests) {
      return List.copyOf(requests);
    }
  }

  /** A response with {@code code}, {@code body} and header name/value pairs; the connection closes after it. */
  static Action status(int code, String body, String... headers) {
    return (c, out, s) -> {
      StringBuilder head = new StringBuilder("HTTP/1.1 ").append(code).append(" X\r\n");
      for (int i = 0; i < headers.length; i += 2) {
        head.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
      }
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      head.append("Content-Length: ").append(bytes.length).append("\r\nConnection: close\r\n\r\n");
      write(out, head + body);
    };
  }

  /** A redirect to {@code path} on this server. */
  static Action redirect(int code, String path) {
    return (c, out, s) -> status(code, "", "Location", s.uri(path).toString()).run(c, out, s);
  }

  /** Waits {@code delay} before the response headers, then does {@code then}. */
  static Action slowHeaders(Duration delay, Action then) {
    return (c, out, s) -> {
      pause(s, delay);
      then.run(c, out, s);
    };
  }

  /** Sends 200 headers with a body of {@code bytes} bytes at once, then one byte every {@code step}. */
  static Action slowBody(int bytes, Duration step) {
    return (c, out, s) -> {
      write(out, "HTTP/1.1 200 OK\r\nContent-Length: " + bytes + "\r\nConnection: close\r\n\r\n");
      for (int i = 0; i < bytes; i++) {
        if (pause(s, step)) {
          return;
        }
        out.write('x');
        out.flush();
      }
    };
  }

  private static void write(OutputStream out, String text) throws IOException {
    out.write(text.getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
  }

  /** Waits {@code delay} or until the server closes; returns whether it closed. */
  private static boolean pause(RawServer server, Duration delay) {
    try {
      return server.closed.await(delay.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return true;
    }
  }

  private void accept() {
    while (true) {
      Socket connection;
      try {
        connection = socket.accept();
      } catch (IOException e) {
        return; // closed by the test
      }
      accepted.incrementAndGet();
      Thread handler = new Thread(() -> serve(connection), "raw-server-connection");
      handler.setDaemon(true);
      handler.start();
    }
  }

  private void serve(Socket connection) {
    try (connection) {
      String head = readHead(connection.getInputStream());
      if (head == null) {
        return;
      }
      String[] line = head.split(" ", 3);
      Request request;
      synchronized (requests) {
        request = new Request(requests.size(), line[0], line.length > 1 ? line[1] : "");
        requests.add(request);
      }
      actions.apply(request).run(connection, connection.getOutputStream(), this);
    } catch (IOException e) {
      // The client went away (a timeout, a cancel), or the action broke the connection on purpose.
    }
  }

  /** The request head, or null if the connection ended first. */
  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    while (matched < end.length) {
      int b = in.read();
      if (b < 0) {
        return null;
      }
      head.write(b);
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    return head.toString(StandardCharsets.ISO_8859_1);
  }

  @Override
  public void close() throws IOException {
    closed.countDown();
    socket.close();
  }
}
