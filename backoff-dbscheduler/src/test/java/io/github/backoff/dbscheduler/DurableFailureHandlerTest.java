package io.github.backoff.dbscheduler;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.kagkarlsson.scheduler.task.Execution;
import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import io.github.backoff.durable.DurableDecision;
import io.github.backoff.durable.DurableFailure;
import io.github.backoff.durable.DurableSchedule;
import io.github.backoff.durable.GiveUpReason;
import io.github.backoff.durable.KeyedRandom;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DurableFailureHandlerTest {
  private static final Instant T = Instant.parse("2026-11-27T10:00:00Z");

  private static ExecutionComplete failed(String id, int consecutiveFailuresBefore, Throwable cause) {
    Execution execution = new Execution(T, new TaskInstance<Void>("deliver", id), true, "node", null, null,
        consecutiveFailuresBefore, null, 1);
    return ExecutionComplete.failure(execution, T.minusMillis(10), T, cause);
  }

  @Test
  void failure_attemptIsConsecutiveFailuresPlusOne_keyIsTaskAndInstance() {
    DurableFailureHandler<Void> handler = DurableFailureHandler.of(DurableSchedule.builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(1))).build());

    DurableFailure failure = handler.failure(failed("w-1", 2, new RuntimeException()));

    assertThat(failure.attempt()).isEqualTo(3);
    assertThat(failure.keyHash()).isEqualTo(KeyedRandom.hash("deliver/w-1"));
    assertThat(failure.failedAt()).isEqualTo(T);
    assertThat(failure.firstFailure()).isEqualTo(T); // no horizon: nothing to reconstruct
  }

  @Test
  void failure_horizon_firstFailureReconstructedFromTheKeyedWaits() {
    DurableSchedule schedule = DurableSchedule.builder().withBackoff(Backoff.constant(Duration.ofHours(1)))
        .withMaxTotal(Duration.ofHours(3)).build();
    DurableFailureHandler<Void> handler = DurableFailureHandler.of(schedule);

    assertThat(handler.failure(failed("w", 2, null)).firstFailure()).isEqualTo(T.minus(Duration.ofHours(2)));
    assertThat(schedule.next(handler.failure(failed("w", 1, null)))).isInstanceOf(DurableDecision.RetryAt.class);
    assertThat(schedule.next(handler.failure(failed("w", 2, null))))
        .isEqualTo(new DurableDecision.GiveUp(GiveUpReason.HORIZON_EXHAUSTED, 3, Duration.ofHours(2)));
    assertThat(schedule.next(handler.failure(failed("w", Integer.MAX_VALUE - 1, null))))
        .isInstanceOf(DurableDecision.GiveUp.class);
  }

  @Test
  void failure_withFirstFailureAndKinds_areUsed() {
    DurableFailureHandler<Void> handler = DurableFailureHandler.<Void>of(DurableSchedule.builder()
            .withBackoff(Backoff.constant(Duration.ofSeconds(1)))
            .withBackoffFor("throttling", Backoff.constant(Duration.ofMinutes(1))).build())
        .withKinds(cause -> cause instanceof IllegalStateException ? "throttling" : null)
        .withFirstFailure(execution -> T.minusSeconds(42));

    DurableFailure throttled = handler.failure(failed("w", 0, new IllegalStateException()));
    DurableFailure other = handler.failure(failed("w", 0, new RuntimeException()));

    assertThat(throttled.kind()).isEqualTo("throttling");
    assertThat(other.kind()).isEqualTo(DurableSchedule.DEFAULT_KIND);
    assertThat(throttled.firstFailure()).isEqualTo(T.minusSeconds(42));
    assertThat(handler.toString()).startsWith("DurableFailureHandler[");
  }
}
