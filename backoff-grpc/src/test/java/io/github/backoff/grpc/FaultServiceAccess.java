package io.github.backoff.grpc;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.Status;
import io.grpc.stub.ClientCalls;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** {@link FaultService} for tests outside this package (the docs' snippets). */
public final class FaultServiceAccess implements AutoCloseable {
  private final FaultService service;

  public FaultServiceAccess() throws IOException {
    service = new FaultService();
  }

  /** The Netty server's target. */
  public String target() {
    return service.nettyTarget();
  }

  /** The next {@code failures} attempts fail with {@code code}, the one after succeeds with "ok". */
  public void failThenOk(Status.Code code, int failures) {
    FaultService.Step[] steps = new FaultService.Step[failures];
    java.util.Arrays.fill(steps, FaultService.fail(code));
    service.script(steps);
  }

  /** The attempts that reached the server since the last script. */
  public int attempts() {
    return service.arrivals.size();
  }

  /** A unary call with a 10 s deadline. */
  public String call(Channel channel, CallOptions options) {
    return ClientCalls.blockingUnaryCall(channel, FaultService.UNARY, options.withDeadlineAfter(10, TimeUnit.SECONDS),
        "hello");
  }

  @Override
  public void close() throws InterruptedException {
    service.close();
  }
}
