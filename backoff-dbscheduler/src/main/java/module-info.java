/**
 * Backoff for db-scheduler: {@link io.github.backoff.dbscheduler.DurableFailureHandler}, a {@code FailureHandler} from
 * a durable, keyed Backoff schedule.
 */
module io.github.backoff.dbscheduler {
  requires transitive io.github.backoff;
  requires transitive com.github.kagkarlsson.scheduler;
  // db-scheduler runs on JDBC (its automatic module reads everything; named here for the tests patched into this one).
  requires java.sql;

  exports io.github.backoff.dbscheduler;
}
