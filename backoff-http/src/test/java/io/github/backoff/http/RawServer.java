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
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback server that speaks just enough HTTP/1.1 to misbehave in ways the JDK's server will not: each accepted
 * connection reads one request head and gets the next scripted action, then is closed. Serves at most as many
 * connections as actions, then stops by itself.
 */
final class RawServer implements AutoCloseable {
  /** What to do with one connection. */
  enum Action {
    /** Promises 100 bytes of body, sends 7, closes. */
    CLOSE_MID_RESPONSE,
    /** Closes with a TCP reset (SO_LINGER 0) instead of answering. */
    RESET,
    /** Answers 200 "ok" and closes. */
    OK
  }

  private final ServerSocket socket;
  private final AtomicInteger accepted = new AtomicInteger();
  private final Thread thread;

  RawServer(Action... actions) throws IOException {
    socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    List<Action> script = List.of(actions);
    thread = new Thread(() -> serve(script), "raw-server");
    thread.setDaemon(true);
    thread.start();
  }

  URI uri(String path) {
    return URI.create("http://127.0.0.1:" + socket.getLocalPort() + path);
  }

  /** How many connections were accepted. */
  int accepted() {
    return accepted.get();
  }

  private void serve(List<Action> script) {
    for (Action action : script) {
      try (Socket connection = socket.accept()) {
        accepted.incrementAndGet();
        readHead(connection.getInputStream());
        OutputStream out = connection.getOutputStream();
        switch (action) {
          case CLOSE_MID_RESPONSE -> {
            out.write(("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npartial").getBytes(StandardCharsets.US_ASCII));
            out.flush();
          }
          case RESET -> connection.setSoLinger(true, 0);
          case OK -> {
            out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
                .getBytes(StandardCharsets.US_ASCII));
            out.flush();
          }
        }
      } catch (IOException e) {
        return; // closed by the test
      }
    }
  }

  private static void readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    while (matched < end.length) {
      int b = in.read();
      if (b < 0) {
        return;
      }
      head.write(b);
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
