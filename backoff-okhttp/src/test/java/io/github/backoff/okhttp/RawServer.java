package io.github.backoff.okhttp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import okhttp3.HttpUrl;

/**
 * A loopback server that speaks just enough HTTP/1.1 to misbehave in ways a real server does now and then: each
 * request, on whichever connection it arrives, gets the next scripted action (then {@link Action#OK}); connections
 * are kept alive until an action drops them. Every request line is recorded, so tests count what the server saw.
 */
final class RawServer implements AutoCloseable {
  /** What to do with one request. */
  enum Action {
    /** Answers 200 "ok" and keeps the connection open. */
    OK,
    /** Reads the request and closes the connection without answering (a keep-alive race, a crashed worker). */
    DROP
  }

  private final ServerSocket socket;
  private final Deque<Action> script;
  private final List<String> requests = new ArrayList<>();
  private final List<Socket> connections = new ArrayList<>();
  private int accepted;

  RawServer(Action... actions) throws IOException {
    socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    script = new ArrayDeque<>(List.of(actions));
    Thread acceptor = new Thread(this::accept, "raw-server");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  HttpUrl url(String path) {
    return HttpUrl.get("http://127.0.0.1:" + socket.getLocalPort() + path);
  }

  /** The request lines received, e.g. {@code "POST /orders HTTP/1.1"}. */
  synchronized List<String> requests() {
    return List.copyOf(requests);
  }

  /** How many connections were accepted. */
  synchronized int accepted() {
    return accepted;
  }

  private void accept() {
    while (true) {
      Socket connection;
      try {
        connection = socket.accept();
      } catch (IOException e) {
        return; // closed by the test
      }
      synchronized (this) {
        accepted++;
        connections.add(connection);
      }
      Thread t = new Thread(() -> serve(connection), "raw-server-connection");
      t.setDaemon(true);
      t.start();
    }
  }

  private void serve(Socket connection) {
    try (connection) {
      InputStream in = connection.getInputStream();
      OutputStream out = connection.getOutputStream();
      while (true) {
        String head = readHead(in);
        if (head == null) {
          return;
        }
        in.readNBytes(contentLength(head));
        Action action;
        synchronized (this) {
          requests.add(head.substring(0, head.indexOf('\r')));
          action = script.isEmpty() ? Action.OK : script.poll();
        }
        if (action == Action.DROP) {
          return;
        }
        out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.US_ASCII));
        out.flush();
      }
    } catch (IOException e) {
      // The client closed the connection.
    }
  }

  private static int contentLength(String head) {
    for (String line : head.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        return Integer.parseInt(line.substring("content-length:".length()).trim());
      }
    }
    return 0;
  }

  /** The request head, or null at the end of the stream. */
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
    return head.toString(StandardCharsets.US_ASCII);
  }

  @Override
  public void close() throws IOException {
    socket.close();
    synchronized (this) {
      for (Socket c : connections) {
        c.close();
      }
    }
  }
}
