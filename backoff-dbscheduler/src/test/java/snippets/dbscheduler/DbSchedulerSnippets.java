package snippets.dbscheduler;

// tag::failure-handler[]
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import io.github.backoff.dbscheduler.DurableFailureHandler;
import io.github.backoff.durable.DurableSchedule;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
// end::failure-handler[]

/** The code of docs/durable.md for db-scheduler, compiled by the build and checked against the page. */
final class DbSchedulerSnippets {
  private DbSchedulerSnippets() {}

  static OneTimeTask<String> task() {
    // tag::failure-handler[]
    DurableSchedule schedule = DurableSchedule.builder()
        .withBackoff(Backoff.exponential(Duration.ofSeconds(30), 2.0).withCap(Duration.ofHours(6)).withFullJitter())
        .withBackoffFor("throttling", Backoff.exponential(Duration.ofMinutes(5), 2.0).withCap(Duration.ofHours(6)))
        .withMaxTotal(Duration.ofDays(3))
        .build();

    OneTimeTask<String> deliver = Tasks.oneTime("deliver-webhook", String.class)
        .onFailure(DurableFailureHandler.<String>of(schedule)
            .withKinds(cause -> cause instanceof IllegalStateException ? "throttling" : null))
        .execute((instance, context) -> send(instance.getData()));
    // end::failure-handler[]
    return deliver;
  }

  private static void send(String payload) {
    if (payload.isEmpty()) {
      throw new IllegalStateException("partner throttled");
    }
  }
}
