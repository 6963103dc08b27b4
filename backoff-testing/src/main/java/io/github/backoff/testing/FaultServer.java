package io.github.backoff.testing;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.AbstractMap;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * A real HTTP/1.1 server on a loopback port that misbehaves on request, for tests of retry code against the real
 * thing (like OkHttp's MockWebServer, with faults and overload): replies are scripted in order
 * ({@link #enqueue}), computed by a dispatcher, or a default (200 "ok"); a reply may carry {@code Retry-After} in
 * any form, arrive slowly, or be a fault (a reset, a close, a stall, a truncated body); and the server can be given
 * a capacity (concurrency, a queue, a rate per second, a service time) and be taken down. It records every request
 * it read, so a test counts what a server really saw.
 *
 * <pre>{@code
 * try (FaultServer server = FaultServer.start()) {
 *   server.enqueueStatuses(503, 503);                   // then the default: 200 "ok"
 *   HttpResponse<String> response = retryingClient.send(
 *       HttpRequest.newBuilder(server.uri("/orders")).build(), BodyHandlers.ofString());
 *   assertThat(server.requestCount()).isEqualTo(3);
 * }
 * }</pre>
 *
 * <p><b>Order of decisions.</b> Each request is read whole (a chunked body de-chunked, {@code Expect: 100-continue}
 * answered) and recorded first; then, while the server is down it gets the outage reply; over the rate limit, the
 * throttle reply; when neither the concurrency limit nor the queue has room (or the queue timeout passes), the
 * overload reply. Only an admitted request takes the next queued reply (or the dispatcher's, or the default), and
 * holds its slot for the service time and until its reply is sent. Connections are kept alive unless a reply
 * closes them or the client asks to.
 *
 * <p><b>Capacity.</b> {@link #capacity(double)} runs the service at a fraction of its speed from then on: service
 * times stretch by {@code 1 / fraction} (a request in service keeps the work it has done, as a server that slows
 * down would), the rate limit admits {@code fraction ×} its rate, and 0 stops serving: admitted requests stay in
 * service and the queue fills, until the capacity comes back. A request's service time counts from when its slot
 * became free (when the previous holder's service time ended, on schedule), not from when its thread woke up or
 * the previous reply was written, so thread hand-offs, late wake-ups and socket writes on a loaded machine do not
 * slow the service down: with one slot and exponential service times, the server is an M/M/1 queue of the
 * configured rate (see {@link FaultServerBuilder#withServiceTime(Function)}); what they cost shows up as the time a
 * reply takes to reach its client.
 *
 * <p>Thread-safe: a thread per connection serves it; every method may be called from any thread, also from a
 * dispatcher. Waits (a headers delay, a slow body, a stall, the service time) end when the server closes, so
 * {@link #close()} leaves no thread behind. Keep delays short (milliseconds) in unit tests.
 */
public final class FaultServer implements AutoCloseable {
  private static final int MAX_HEAD_BYTES = 64 * 1024;

  private final FaultServerBuilder config;
  private final ServerSocket socket;
  private final ExecutorService threads;
  private final CountDownLatch closed = new CountDownLatch(1);
  private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
  private final Semaphore slots;
  private final AtomicInteger queued = new AtomicInteger();
  private final AtomicInteger inService = new AtomicInteger();
  private final AtomicInteger maxInService = new AtomicInteger();
  private final AtomicInteger accepted = new AtomicInteger();
  private final AtomicInteger overloaded = new AtomicInteger();
  private final AtomicInteger throttled = new AtomicInteger();
  private final AtomicInteger refusedInOutage = new AtomicInteger();
  private final LongSupplier ticker;

  // Guarded by "this": the script, the record, the rate limiter's bucket and the outage.
  private final Deque<FaultReply> script = new ArrayDeque<>();
  private final List<RecordedRequest> requests = new ArrayList<>();
  private double tokens;
  private long refilledAt;
  private boolean down;
  private boolean downForever;
  private long downUntil;
  private volatile Function<? super RecordedRequest, FaultReply> dispatcher;
  private double rateFraction = 1; // guarded by "this", with the rate limiter's bucket

  // The service's work clock: the work done at full speed up to time t (System.nanoTime) is piecewise linear, with
  // a breakpoint at each capacity change. Guarded by serviceLock; "changed" wakes services when it moves.
  private final ReentrantLock serviceLock = new ReentrantLock();
  private final Condition changed = serviceLock.newCondition();
  private long[] changeAt = new long[8];
  private double[] workAt = new double[8];
  private double[] speedFrom = new double[8];
  private int changes;
  /** When each free slot became free, on System.nanoTime; the earliest is taken first. Guarded by itself. */
  private final java.util.PriorityQueue<Long> freeSince = new java.util.PriorityQueue<>();

  FaultServer(FaultServerBuilder builder) {
    this.config = copy(builder);
    this.ticker = config.ticker;
    this.dispatcher = config.dispatcher;
    this.slots = config.maxConcurrency == Integer.MAX_VALUE ? null : new Semaphore(config.maxConcurrency, true);
    this.tokens = config.rateBurst;
    this.refilledAt = ticker.getAsLong();
    this.changeAt[0] = System.nanoTime();
    this.speedFrom[0] = 1;
    this.changes = 1;
    try {
      this.socket = new ServerSocket(0, config.backlog, InetAddress.getByName("127.0.0.1"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot bind a loopback port", e);
    }
    this.threads = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "fault-server-" + socket.getLocalPort());
      t.setDaemon(true);
      return t;
    });
    threads.execute(this::accept);
  }

  /** A server with the defaults: every request answered by the queued replies, then 200 "ok"; no limits. */
  public static FaultServer start() {
    return builder().start();
  }

  /** A builder for a server with a capacity, a rate limit, a service time or other replies. */
  public static FaultServerBuilder builder() {
    return new FaultServerBuilder();
  }

  /** The port the server listens on (of 127.0.0.1). */
  public int port() {
    return socket.getLocalPort();
  }

  /** The URI of {@code path} on this server, e.g. {@code http://127.0.0.1:51234/orders}. */
  public URI uri(String path) {
    Objects.requireNonNull(path, "path");
    return URI.create("http://127.0.0.1:" + port() + (path.startsWith("/") ? path : "/" + path));
  }

  /** Queues replies: the next admitted requests get them in order, before any dispatcher or the default. */
  public FaultServer enqueue(FaultReply... replies) {
    for (FaultReply r : replies) {
      Objects.requireNonNull(r, "reply");
    }
    synchronized (this) {
      script.addAll(List.of(replies));
    }
    return this;
  }

  /** Queues a status sequence: {@code enqueueStatuses(503, 429, 200)} queues three replies with empty bodies. */
  public FaultServer enqueueStatuses(int... statuses) {
    FaultReply[] replies = new FaultReply[statuses.length];
    for (int i = 0; i < statuses.length; i++) {
      replies[i] = FaultReply.status(statuses[i]);
    }
    return enqueue(replies);
  }

  /** How many queued replies no request has taken yet. */
  public synchronized int pendingReplies() {
    return script.size();
  }

  /**
   * Replaces the dispatcher: it computes the reply of each admitted request once the queued replies are used up
   * (null means the default reply). It runs on the connection's thread, outside the server's locks.
   */
  public FaultServer dispatch(Function<? super RecordedRequest, FaultReply> dispatcher) {
    this.dispatcher = Objects.requireNonNull(dispatcher, "dispatcher");
    return this;
  }

  /** Takes the server down until {@link #up()}: every request gets the outage reply (503 by default). */
  public synchronized FaultServer down() {
    down = true;
    downForever = true;
    return this;
  }

  /**
   * Takes the server down for {@code length} from now on its ticker: an outage of a given length, after which it
   * serves again by itself.
   *
   * @throws IllegalArgumentException if {@code length} is negative
   */
  public FaultServer outage(Duration length) {
    Objects.requireNonNull(length, "length");
    if (length.isNegative()) {
      throw new IllegalArgumentException("length must not be negative: " + length);
    }
    long nanos = saturatedNanos(length);
    long now = ticker.getAsLong();
    synchronized (this) {
      down = true;
      downForever = false;
      downUntil = now + nanos;
    }
    return this;
  }

  /** Ends an outage. */
  public synchronized FaultServer up() {
    down = false;
    downForever = false;
    return this;
  }

  /**
   * Runs the service at {@code fraction} of its capacity from now on: each service time stretches by
   * {@code 1 / fraction} for the part still to do (a request in service keeps the work it has done), and the rate
   * limit admits {@code fraction} × its rate. 0 stops serving: requests in service and in the queue wait (and the
   * queue fills) until the capacity is raised; a request without a service time is not held. 1 is full capacity,
   * the default. Unlike an {@link #outage}, requests are not answered at once: they queue, as at a server that is
   * stalled or slowed down.
   *
   * @throws IllegalArgumentException if {@code fraction} is negative, NaN or infinite
   */
  public FaultServer capacity(double fraction) {
    if (!(fraction >= 0) || Double.isInfinite(fraction)) {
      throw new IllegalArgumentException("fraction must be >= 0 and finite: " + fraction);
    }
    synchronized (this) {
      if (config.ratePerSecond > 0) {
        tryTakeToken(ticker.getAsLong(), false); // refill at the old rate up to now
      }
      rateFraction = fraction;
    }
    serviceLock.lock();
    try {
      long now = System.nanoTime();
      int last = changes - 1;
      double work = workAt[last] + Math.max(0, now - changeAt[last]) * speedFrom[last];
      if (changes == changeAt.length) {
        changeAt = java.util.Arrays.copyOf(changeAt, changes * 2);
        workAt = java.util.Arrays.copyOf(workAt, changes * 2);
        speedFrom = java.util.Arrays.copyOf(speedFrom, changes * 2);
      }
      changeAt[changes] = Math.max(now, changeAt[last]);
      workAt[changes] = work;
      speedFrom[changes] = fraction;
      changes++;
      changed.signalAll();
    } finally {
      serviceLock.unlock();
    }
    return this;
  }

  /** The fraction of its capacity the service runs at: 1 unless {@link #capacity(double)} changed it. */
  public double capacityFraction() {
    serviceLock.lock();
    try {
      return speedFrom[changes - 1];
    } finally {
      serviceLock.unlock();
    }
  }

  /** Whether a request arriving now would get the outage reply. */
  public boolean isDown() {
    return isDown(ticker.getAsLong());
  }

  private synchronized boolean isDown(long now) {
    if (down && !downForever && now - downUntil >= 0) {
      down = false; // the outage is over
    }
    return down;
  }

  /** Every request read so far, in the order they were read. */
  public synchronized List<RecordedRequest> requests() {
    return List.copyOf(requests);
  }

  /** How many requests the server read: the requests it saw, whatever it did with them. */
  public synchronized int requestCount() {
    return requests.size();
  }

  /** How many requests with {@code method} (any case) and {@code path} (without the query) the server read. */
  public synchronized int requestCount(String method, String path) {
    int n = 0;
    for (RecordedRequest r : requests) {
      if (r.method().equalsIgnoreCase(method) && r.path().equals(path)) {
        n++;
      }
    }
    return n;
  }

  /** The count of requests per method and path, keyed {@code "GET /orders"}, sorted by key. */
  public synchronized Map<String, Integer> requestCounts() {
    Map<String, Integer> counts = new TreeMap<>();
    for (RecordedRequest r : requests) {
      counts.merge(r.method() + " " + r.path(), 1, Integer::sum);
    }
    return counts;
  }

  /**
   * Waits until the server has read at least {@code count} requests, or {@code timeout} passes (in real time).
   *
   * @return whether it did
   * @throws InterruptedException if the thread is interrupted while waiting
   */
  public synchronized boolean awaitRequestCount(int count, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + Math.min(saturatedNanos(timeout), Long.MAX_VALUE / 4);
    while (requests.size() < count) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return true;
  }

  /** How many connections the server accepted. */
  public int connectionCount() {
    return accepted.get();
  }

  /** How many requests got the overload reply (no slot and no room or time in the queue). */
  public int overloadedCount() {
    return overloaded.get();
  }

  /** How many requests got the throttle reply (over the rate limit). */
  public int throttledCount() {
    return throttled.get();
  }

  /** How many requests got the outage reply. */
  public int outageCount() {
    return refusedInOutage.get();
  }

  /** How many requests are in service now (admitted, reply not yet sent). */
  public int inService() {
    return inService.get();
  }

  /** How many requests wait in the queue now. */
  public int queued() {
    return queued.get();
  }

  /** The most requests that were in service at once. */
  public int maxInService() {
    return maxInService.get();
  }

  /** Stops accepting, closes every connection and ends every wait; idempotent. */
  @Override
  public void close() {
    if (closed.getCount() == 0) {
      return;
    }
    closed.countDown();
    serviceLock.lock();
    try {
      changed.signalAll(); // ends every service wait
    } finally {
      serviceLock.unlock();
    }
    try {
      socket.close();
    } catch (IOException e) {
      // closing anyway
    }
    for (Socket c : connections) {
      closeQuietly(c);
    }
    threads.shutdownNow();
  }

  @Override
  public String toString() {
    return "FaultServer[127.0.0.1:" + port() + ", " + requestCount() + " requests]";
  }

  // ---------------------------------------------------------------------------------------------------------------

  private void accept() {
    while (closed.getCount() > 0) {
      Socket connection;
      try {
        connection = socket.accept();
      } catch (IOException e) {
        return; // closed
      }
      int index = accepted.getAndIncrement();
      connections.add(connection);
      try {
        threads.execute(() -> serve(connection, index));
      } catch (java.util.concurrent.RejectedExecutionException e) {
        closeQuietly(connection); // closing
        return;
      }
    }
  }

  private void serve(Socket connection, int index) {
    try {
      connection.setTcpNoDelay(true); // a head and a body written apart must not wait for the client's ACK
      InputStream in = connection.getInputStream();
      OutputStream out = connection.getOutputStream();
      boolean open = true;
      while (open && closed.getCount() > 0) {
        open = serveOne(connection, index, in, out);
      }
    } catch (IOException e) {
      // The client went away (a timeout, a cancel), or a reply broke the connection on purpose.
    } finally {
      connections.remove(connection);
      closeQuietly(connection);
    }
  }

  /** Reads, records and answers one request; returns whether the connection stays open for another. */
  private boolean serveOne(Socket connection, int index, InputStream in, OutputStream out) throws IOException {
    String head = readHead(in);
    if (head == null) {
      return false;
    }
    String[] lines = head.split("\r\n");
    String[] requestLine = lines[0].split(" ", 3);
    List<Map.Entry<String, String>> headers = new ArrayList<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon > 0) {
        headers.add(new AbstractMap.SimpleImmutableEntry<>(lines[i].substring(0, colon).trim(),
            lines[i].substring(colon + 1).trim()));
      }
    }
    if ("100-continue".equalsIgnoreCase(first(headers, "Expect"))) {
      write(out, "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    }
    byte[] body = readBody(in, headers);
    String method = requestLine[0];
    boolean clientCloses = "close".equalsIgnoreCase(first(headers, "Connection"));
    long now = ticker.getAsLong();
    long arrivedReal = System.nanoTime();
    RecordedRequest request;
    FaultReply reply;
    synchronized (this) {
      request = new RecordedRequest(requests.size(), index, connection.getPort(), method,
          requestLine.length > 1 ? requestLine[1] : "", headers, body, now);
      requests.add(request);
      notifyAll();
      if (isDown(now)) {
        reply = config.outageReply;
        refusedInOutage.incrementAndGet();
      } else if (config.ratePerSecond > 0 && !tryTakeToken(now, true)) {
        reply = config.throttleReply;
        throttled.incrementAndGet();
      } else {
        reply = null;
      }
    }
    if (reply != null) {
      return send(connection, in, out, method, reply, clientCloses);
    }
    if (!admit()) {
      overloaded.incrementAndGet();
      return send(connection, in, out, method, config.overloadReply, clientCloses);
    }
    long start = Math.max(arrivedReal, takeFreeSince());
    long servedUntil = Long.MIN_VALUE;
    maxInService.accumulateAndGet(inService.incrementAndGet(), Math::max);
    try {
      long asked = System.nanoTime();
      reply = next(request);
      // A dispatcher that takes its time delays the service, as it always did.
      long dispatching = dispatcher == null ? 0 : System.nanoTime() - asked;
      if (config.serviceTime != null) {
        Duration d = config.serviceTime.apply(request);
        if (d != null && !d.isNegative() && !d.isZero()) {
          long end = serve(start + dispatching, saturatedNanos(d));
          if (end == Long.MIN_VALUE) {
            return false; // closed
          }
          // The slot's service is over when scheduled (plus the reply's own delay): neither this thread's late
          // wake-up nor the time it takes to write the reply delays the next request's service.
          servedUntil = end + reply.headersDelayNanos;
        }
      }
      return send(connection, in, out, method, reply, clientCloses);
    } finally {
      inService.decrementAndGet();
      if (slots != null) {
        long freed = servedUntil != Long.MIN_VALUE ? Math.min(servedUntil, System.nanoTime()) : System.nanoTime();
        synchronized (freeSince) {
          freeSince.add(freed);
        }
        slots.release();
      }
    }
  }

  /** When the slot just taken became free (the earliest free slot's time), or Long.MIN_VALUE if never used. */
  private long takeFreeSince() {
    if (slots == null) {
      return Long.MIN_VALUE;
    }
    synchronized (freeSince) {
      Long t = freeSince.poll();
      return t == null ? Long.MIN_VALUE : t;
    }
  }

  /**
   * Serves {@code work} nanoseconds of full-speed work from {@code start} on the work clock: waits until it is
   * done, through capacity changes. Returns when it was done (System.nanoTime), or Long.MIN_VALUE if the server
   * closed first.
   */
  private long serve(long start, long work) {
    serviceLock.lock();
    try {
      double target = workAt(start) + work;
      for (;;) {
        if (closed.getCount() == 0) {
          return Long.MIN_VALUE;
        }
        long end = timeOfWork(target);
        long now = System.nanoTime();
        if (end != Long.MAX_VALUE && now - end >= 0) {
          return end;
        }
        if (end == Long.MAX_VALUE) {
          changed.await();
        } else {
          changed.awaitNanos(end - now);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the server is closing
      return Long.MIN_VALUE;
    } finally {
      serviceLock.unlock();
    }
  }

  /** The full-speed work done by time {@code t} (from the first breakpoint); holds serviceLock. */
  private double workAt(long t) {
    int i = changes - 1;
    while (i > 0 && t - changeAt[i] < 0) {
      i--;
    }
    return workAt[i] + Math.max(0, t - changeAt[i]) * speedFrom[i];
  }

  /** When the work clock reaches {@code target}: Long.MAX_VALUE if not at the present speed. Holds serviceLock. */
  private long timeOfWork(double target) {
    int i = 0;
    while (i + 1 < changes && workAt[i + 1] < target) {
      i++;
    }
    if (target <= workAt[i]) {
      return changeAt[i];
    }
    if (speedFrom[i] == 0) {
      return Long.MAX_VALUE; // the last segment, stopped
    }
    double t = changeAt[i] + Math.ceil((target - workAt[i]) / speedFrom[i]);
    return t >= Long.MAX_VALUE ? Long.MAX_VALUE - 1 : (long) t;
  }

  private FaultReply next(RecordedRequest request) {
    FaultReply reply;
    synchronized (this) {
      reply = script.poll();
    }
    if (reply == null) {
      Function<? super RecordedRequest, FaultReply> f = dispatcher;
      reply = f == null ? null : f.apply(request);
    }
    return reply == null ? config.defaultReply : reply;
  }

  /** Takes a slot, waiting in the queue if there is room; false if the request is turned away. */
  private boolean admit() {
    if (slots == null) {
      return true;
    }
    try {
      if (slots.tryAcquire(0, TimeUnit.NANOSECONDS)) {
        return true;
      }
      if (queued.incrementAndGet() > config.queueCapacity) {
        queued.decrementAndGet();
        return false;
      }
      try {
        if (config.queueTimeoutNanos == Long.MAX_VALUE) {
          slots.acquire();
          return true;
        }
        return slots.tryAcquire(config.queueTimeoutNanos, TimeUnit.NANOSECONDS);
      } finally {
        queued.decrementAndGet();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the server is closing
      return false;
    }
  }

  /** The token bucket of the rate limit, at the capacity's fraction of its rate; holds the server's lock. */
  private boolean tryTakeToken(long now, boolean take) {
    long elapsed = now - refilledAt;
    if (elapsed > 0) {
      tokens = Math.min(config.rateBurst, tokens + elapsed * config.ratePerSecond * rateFraction / 1e9);
      refilledAt = now;
    }
    if (take && tokens >= 1) {
      tokens -= 1;
      return true;
    }
    return false;
  }

  /** Carries out {@code reply}; returns whether the connection stays open. */
  private boolean send(Socket connection, InputStream in, OutputStream out, String method, FaultReply reply,
      boolean clientCloses) throws IOException {
    if (reply.headersDelayNanos > 0 && pause(reply.headersDelayNanos)) {
      return false;
    }
    switch (reply.kind) {
      case RESET:
        connection.setSoLinger(true, 0);
        return false;
      case CLOSE:
        return false;
      case STALL:
        // Read until the client hangs up or the server closes: the request stays unanswered.
        while (in.read() >= 0) {
          // discard
        }
        return false;
      case RESET_AFTER_FIRST_BYTE:
        write(out, new byte[] {'H'});
        pause(TimeUnit.MILLISECONDS.toNanos(20)); // lets the byte reach the client before the reset
        connection.setSoLinger(true, 0);
        return false;
      case TRUNCATE:
        write(out, concat(head(reply, -1, true), reply.body));
        return false;
      default:
        break;
    }
    boolean close = reply.closeConnection || clientCloses;
    boolean noBody = method.equals("HEAD") || reply.status == 204 || reply.status == 304 || reply.status < 200;
    byte[] head = head(reply, reply.status == 204 || reply.status == 304 ? -1 : reply.body.length, close);
    if (noBody || reply.body.length == 0) {
      write(out, head);
    } else if (reply.throttleBytes == 0) {
      write(out, concat(head, reply.body));
    } else {
      write(out, head);
      for (int off = 0; off < reply.body.length; ) {
        if (pause(reply.throttlePeriodNanos)) {
          return false;
        }
        int n = (int) Math.min(reply.throttleBytes, reply.body.length - off);
        out.write(reply.body, off, n);
        out.flush();
        off += n;
      }
    }
    return !close;
  }

  private static byte[] head(FaultReply reply, int contentLength, boolean close) {
    StringBuilder s = new StringBuilder(128).append("HTTP/1.1 ").append(reply.status).append(' ')
        .append(reason(reply.status)).append("\r\n");
    for (int i = 0; i < reply.headers.size(); i += 2) {
      s.append(reply.headers.get(i)).append(": ").append(reply.headers.get(i + 1)).append("\r\n");
    }
    if (contentLength >= 0) {
      s.append("Content-Length: ").append(contentLength).append("\r\n");
    }
    if (close) {
      s.append("Connection: close\r\n");
    }
    return s.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  private static String reason(int status) {
    switch (status) {
      case 200: return "OK";
      case 201: return "Created";
      case 204: return "No Content";
      case 301: return "Moved Permanently";
      case 302: return "Found";
      case 303: return "See Other";
      case 307: return "Temporary Redirect";
      case 308: return "Permanent Redirect";
      case 400: return "Bad Request";
      case 404: return "Not Found";
      case 408: return "Request Timeout";
      case 409: return "Conflict";
      case 429: return "Too Many Requests";
      case 500: return "Internal Server Error";
      case 502: return "Bad Gateway";
      case 503: return "Service Unavailable";
      case 504: return "Gateway Timeout";
      default: return "Status";
    }
  }

  /** Waits {@code nanos} or until the server closes; returns whether it closed. */
  private boolean pause(long nanos) {
    try {
      return closed.await(nanos, TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return true;
    }
  }

  /** The request head without its final empty line, or null if the connection ended before one began. */
  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    while (matched < end.length) {
      int b = in.read();
      if (b < 0) {
        if (head.size() == 0) {
          return null;
        }
        throw new EOFException("connection ended inside a request head");
      }
      if (head.size() >= MAX_HEAD_BYTES) {
        throw new IOException("request head over " + MAX_HEAD_BYTES + " bytes");
      }
      head.write(b);
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    String s = head.toString(StandardCharsets.ISO_8859_1);
    return s.substring(0, s.length() - 4);
  }

  private static byte[] readBody(InputStream in, List<Map.Entry<String, String>> headers) throws IOException {
    String encoding = first(headers, "Transfer-Encoding");
    if (encoding != null && encoding.toLowerCase(Locale.ROOT).contains("chunked")) {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      for (;;) {
        String line = readLine(in);
        int semi = line.indexOf(';');
        int size = Integer.parseInt((semi < 0 ? line : line.substring(0, semi)).trim(), 16);
        if (size == 0) {
          while (!readLine(in).isEmpty()) {
            // trailers: ignored
          }
          return body.toByteArray();
        }
        body.write(readExactly(in, size));
        readLine(in);
      }
    }
    String length = first(headers, "Content-Length");
    return length == null ? new byte[0] : readExactly(in, Integer.parseInt(length.trim()));
  }

  private static byte[] readExactly(InputStream in, int n) throws IOException {
    byte[] bytes = in.readNBytes(n);
    if (bytes.length < n) {
      throw new EOFException("body ended after " + bytes.length + " of " + n + " bytes");
    }
    return bytes;
  }

  private static String readLine(InputStream in) throws IOException {
    StringBuilder s = new StringBuilder();
    for (;;) {
      int b = in.read();
      if (b < 0) {
        throw new EOFException("connection ended inside a chunked body");
      }
      if (b == '\n') {
        int len = s.length();
        return len > 0 && s.charAt(len - 1) == '\r' ? s.substring(0, len - 1) : s.toString();
      }
      s.append((char) b);
    }
  }

  private static String first(List<Map.Entry<String, String>> headers, String name) {
    for (Map.Entry<String, String> h : headers) {
      if (h.getKey().equalsIgnoreCase(name)) {
        return h.getValue();
      }
    }
    return null;
  }

  private static void write(OutputStream out, byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = new byte[a.length + b.length];
    System.arraycopy(a, 0, c, 0, a.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  private static long saturatedNanos(Duration d) {
    try {
      return d.toNanos();
    } catch (ArithmeticException e) {
      return d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
  }

  private static FaultServerBuilder copy(FaultServerBuilder b) {
    FaultServerBuilder c = new FaultServerBuilder();
    c.maxConcurrency = b.maxConcurrency;
    c.queueCapacity = b.queueCapacity;
    c.queueTimeoutNanos = b.queueTimeoutNanos;
    c.overloadReply = b.overloadReply;
    c.ratePerSecond = b.ratePerSecond;
    c.rateBurst = b.rateBurst;
    c.throttleReply = b.throttleReply;
    c.serviceTime = b.serviceTime;
    c.outageReply = b.outageReply;
    c.defaultReply = b.defaultReply;
    c.dispatcher = b.dispatcher;
    c.ticker = b.ticker;
    c.backlog = b.backlog;
    return c;
  }
}
