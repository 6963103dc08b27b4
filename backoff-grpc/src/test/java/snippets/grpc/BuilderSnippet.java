package snippets.grpc;

// tag::builder[]
import io.github.backoff.grpc.RetryingClientInterceptor;
import io.grpc.Status;
import java.time.Duration;
// end::builder[]
import io.github.backoff.RetryPolicy;
import java.util.concurrent.ScheduledExecutorService;

/** A code block of docs/grpc.md; {@code GrpcDocSnippetsTest} runs it against a real server. */
final class BuilderSnippet {
  private BuilderSnippet() {}

  static RetryingClientInterceptor builder(RetryPolicy<Object> policy, ScheduledExecutorService scheduler) {
    // tag::builder[]
    RetryingClientInterceptor retrying = RetryingClientInterceptor.builder(policy)
        .withRetryableCodes(Status.Code.UNAVAILABLE, Status.Code.RESOURCE_EXHAUSTED, Status.Code.ABORTED)
        .withBufferLimit(256 * 1024)                            // requests above 256 KiB are sent once
        .withMaxServerDelay(Duration.ofSeconds(30))             // longer pushback or RetryInfo: give up
        .withScheduler(scheduler)                               // default: one shared daemon timer thread
        .build();
    // end::builder[]
    return retrying;
  }
}
