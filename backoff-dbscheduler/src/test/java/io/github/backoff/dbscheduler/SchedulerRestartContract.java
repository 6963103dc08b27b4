package io.github.backoff.dbscheduler;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import io.github.backoff.durable.DurableDecision;
import io.github.backoff.durable.DurableFailure;
import io.github.backoff.durable.DurableSchedule;
import io.github.backoff.durable.Tabulated;
import io.github.backoff.testing.Await;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The scenarios every database runs: a task instance that always fails is retried at the durable schedule's keyed
 * times, which db-scheduler stores; killed and restarted mid-schedule, the scheduler keeps the stored due time and
 * runs the next attempt then; after the last attempt the instance is removed. Real time with wide tolerances: the
 * waits are a few hundred milliseconds, db-scheduler polls every 50 ms.
 */
abstract class SchedulerRestartContract {
  /** 300 ms, then 2.5 s (the wait a restart falls into), then 300 ms; each randomized by ±20 %, keyed. */
  static final DurableSchedule SCHEDULE = DurableSchedule.builder()
      .withBackoff(Tabulated.of(Duration.ofMillis(300), Duration.ofMillis(2500), Duration.ofMillis(300))
          .withRandomization(0.2))
      .withMaxAttempts(4)
      .build();

  /** The schedule's tiers before randomization, by failed attempt. */
  private static final long[] TIERS_MILLIS = {300, 2500, 300};

  static final String DDL_TEMPLATE = "create table scheduled_tasks ("
      + " task_name varchar(100) not null, task_instance varchar(100) not null, task_data %s,"
      + " execution_time timestamp with time zone not null, picked boolean not null, picked_by varchar(50),"
      + " last_success timestamp with time zone, last_failure timestamp with time zone,"
      + " consecutive_failures int, last_heartbeat timestamp with time zone, version bigint not null,"
      + " priority smallint, primary key (task_name, task_instance))";

  /** The database under test, with the {@code scheduled_tasks} table. */
  abstract DataSource dataSource();

  private final Map<String, List<Instant>> attempts = new ConcurrentHashMap<>();

  private OneTimeTask<Void> task() {
    return Tasks.oneTime("deliver")
        .onFailure(DurableFailureHandler.<Void>of(SCHEDULE))
        .execute((instance, context) -> {
          attempts.computeIfAbsent(instance.getId(), id -> new CopyOnWriteArrayList<>()).add(Instant.now());
          throw new IllegalStateException("partner down: " + instance.getId());
        });
  }

  private Scheduler start(String name) {
    Scheduler scheduler = Scheduler.create(dataSource(), task())
        .schedulerName(new com.github.kagkarlsson.scheduler.SchedulerName.Fixed(name))
        .pollingInterval(Duration.ofMillis(50))
        .threads(2)
        .build();
    scheduler.start();
    return scheduler;
  }

  @Test
  void alwaysFailing_rescheduledAtTheKeyedTimes_survivesARestart_thenRemoved() throws Exception {
    String id = "webhook-" + getClass().getSimpleName();
    Scheduler first = start("node-a");
    Instant dueAfterSecondFailure;
    try {
      first.schedule(task().instance(id), Instant.now());
      awaitAttempts(id, 2, Duration.ofSeconds(20));
      dueAfterSecondFailure = awaitStoredFailures(id, 2, Duration.ofSeconds(10));
    } finally {
      first.stop(); // killed mid-schedule: the instance waits its 2.5 s in the database
    }
    Row stored = row(id);
    assertThat(stored.executionTime()).isEqualTo(dueAfterSecondFailure);
    assertThat(stored.consecutiveFailures()).isEqualTo(2);
    // The due time is the schedule's answer for (key, attempt 2, its failure time): keyed, so computed anywhere.
    DurableDecision.RetryAt expected = (DurableDecision.RetryAt) SCHEDULE.next(new DurableFailure(
        KeyedKeys.hash("deliver", id), 2, stored.lastFailure(), stored.lastFailure(), DurableSchedule.DEFAULT_KIND,
        null));
    assertThat(Duration.between(expected.at(), stored.executionTime()).abs()).isLessThan(Duration.ofMillis(1));

    Scheduler restarted = start("node-b");
    Instant restartedAt = Instant.now();
    try {
      awaitAttempts(id, 4, Duration.ofSeconds(20));
      awaitRemoved(id, Duration.ofSeconds(10));
    } finally {
      restarted.stop();
    }

    List<Instant> times = attempts.get(id);
    assertThat(times).hasSize(4);
    Instant third = times.get(2);
    System.out.printf("%s: attempt 3 due %s, restarted %d ms before it, ran %d ms after it (stored before the"
        + " restart)%n", getClass().getSimpleName(), stored.executionTime(),
        Duration.between(restartedAt, stored.executionTime()).toMillis(),
        Duration.between(stored.executionTime(), third).toMillis());
    // Never early (tight); late only by what a loaded machine adds to the restarted scheduler's polling (generous:
    // 10 s after the due time, or after the restart if that came later).
    Instant latest = stored.executionTime().isAfter(restartedAt) ? stored.executionTime() : restartedAt;
    assertThat(third).isAfterOrEqualTo(stored.executionTime().minusMillis(5))
        .isBefore(latest.plusSeconds(10));
    assertThat(row(id)).isNull();
  }

  @Test
  void instancesThatFailedTogether_areDueAtDifferentTimes() throws Exception {
    Scheduler scheduler = start("node-c");
    List<String> ids = List.of("spread-0", "spread-1", "spread-2", "spread-3", "spread-4");
    try {
      Instant now = Instant.now();
      for (String id : ids) {
        scheduler.schedule(task().instance(id), now);
      }
      for (String id : ids) {
        awaitStoredFailures(id, 1, Duration.ofSeconds(20));
      }
    } finally {
      scheduler.stop();
    }
    java.util.Set<Instant> dueTimes = new java.util.HashSet<>();
    for (String id : ids) {
      Row row = row(id);
      // Each stored due time is the schedule's keyed answer for that instance's last failure (the first, or the
      // second if it failed again before the scheduler stopped): 300 ms or 2.5 s, each moved by its own +-20 %.
      DurableDecision.RetryAt expected = (DurableDecision.RetryAt) SCHEDULE.next(new DurableFailure(
          KeyedKeys.hash("deliver", id), row.consecutiveFailures(), row.lastFailure(), row.lastFailure(),
          DurableSchedule.DEFAULT_KIND, null));
      assertThat(Duration.between(expected.at(), row.executionTime()).abs()).isLessThan(Duration.ofMillis(1));
      // The tier after failure n, +-20 %: n is 1 or 2 unless the machine stalled for seconds, and then 3 is right too.
      long tier = TIERS_MILLIS[row.consecutiveFailures() - 1];
      long offset = Duration.between(row.lastFailure(), row.executionTime()).toMillis();
      assertThat(offset).isBetween(tier * 8 / 10, tier * 12 / 10);
      dueTimes.add(row.executionTime());
    }
    assertThat(dueTimes).hasSize(ids.size());
  }

  // ---------------------------------------------------------------- helpers

  record Row(Instant executionTime, Instant lastFailure, int consecutiveFailures) {}

  Row row(String id) throws SQLException {
    try (Connection c = dataSource().getConnection();
        PreparedStatement s = c.prepareStatement("select execution_time, last_failure, consecutive_failures"
            + " from scheduled_tasks where task_name = 'deliver' and task_instance = ?")) {
      s.setString(1, id);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          return null;
        }
        Timestamp failure = r.getTimestamp(2);
        return new Row(r.getTimestamp(1).toInstant(), failure == null ? null : failure.toInstant(), r.getInt(3));
      }
    }
  }

  private void awaitAttempts(String id, int n, Duration timeout) {
    until(() -> attempts.getOrDefault(id, List.of()).size() >= n, timeout,
        () -> "fewer than " + n + " attempts of " + id);
  }

  private Instant awaitStoredFailures(String id, int n, Duration timeout) {
    AtomicReference<Row> seen = new AtomicReference<>();
    // The attempts first (in memory), so that the database is queried only once attempt n has run.
    until(() -> {
      if (attempts.getOrDefault(id, List.of()).size() < n) {
        return false;
      }
      seen.set(rowUnchecked(id));
      return seen.get() != null && seen.get().consecutiveFailures() >= n;
    }, timeout, () -> "no stored failure " + n + " of " + id + ": " + seen.get());
    return seen.get().executionTime();
  }

  private void awaitRemoved(String id, Duration timeout) {
    until(() -> rowUnchecked(id) == null, timeout, () -> id + " still stored");
  }

  /** {@link Await#until(BooleanSupplier, Duration)}, saying what was awaited if it fails. */
  private static void until(BooleanSupplier condition, Duration timeout, Supplier<String> what) {
    try {
      Await.until(condition, timeout);
    } catch (AssertionError e) {
      throw new AssertionError(what.get() + " within " + timeout, e);
    }
  }

  private Row rowUnchecked(String id) {
    try {
      return row(id);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  static void createTable(DataSource dataSource, String blobType) throws SQLException {
    try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
      s.execute(String.format(DDL_TEMPLATE, blobType));
    }
  }

  /** The key the handler uses for a task instance. */
  static final class KeyedKeys {
    private KeyedKeys() {}

    static long hash(String task, String id) {
      return io.github.backoff.durable.KeyedRandom.hash(task + "/" + id);
    }
  }
}
