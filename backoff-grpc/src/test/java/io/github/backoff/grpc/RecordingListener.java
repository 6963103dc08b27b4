package io.github.backoff.grpc;

import io.grpc.ClientCall;
import io.grpc.Metadata;
import io.grpc.Status;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** What the application saw of one call: headers, messages, and the one close. */
final class RecordingListener extends ClientCall.Listener<String> {
  final List<String> messages = new CopyOnWriteArrayList<>();
  final AtomicInteger headers = new AtomicInteger();
  final AtomicInteger closes = new AtomicInteger();
  private final CountDownLatch closed = new CountDownLatch(1);
  volatile Status status;
  volatile Metadata trailers;

  @Override
  public void onHeaders(Metadata h) {
    headers.incrementAndGet();
  }

  @Override
  public void onMessage(String message) {
    messages.add(message);
  }

  @Override
  public void onClose(Status s, Metadata t) {
    status = s;
    trailers = t;
    closes.incrementAndGet();
    closed.countDown();
  }

  /** The status the call closed with, waiting up to 10 s. */
  Status awaitClose() throws InterruptedException {
    if (!closed.await(10, TimeUnit.SECONDS)) {
      throw new AssertionError("the call did not close within 10 s");
    }
    return status;
  }
}
