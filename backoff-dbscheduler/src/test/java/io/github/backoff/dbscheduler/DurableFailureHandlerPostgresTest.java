package io.github.backoff.dbscheduler;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The scenarios on a real PostgreSQL from Debian's package, started in a temporary directory on 127.0.0.1; skipped
 * with a message where the binaries are absent.
 */
class DurableFailureHandlerPostgresTest extends SchedulerRestartContract {
  private static LocalPostgres server;
  private static PGSimpleDataSource dataSource;

  @BeforeAll
  static void startPostgres() throws Exception {
    Optional<String> why = LocalPostgres.unavailable();
    why.ifPresent(System.out::println);
    assumeTrue(why.isEmpty(), () -> why.orElse(""));
    server = LocalPostgres.start();
    dataSource = new PGSimpleDataSource();
    dataSource.setURL(server.jdbcUrl());
    dataSource.setUser("test");
    createTable(dataSource, "bytea");
  }

  @AfterAll
  static void stopPostgres() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @Override
  DataSource dataSource() {
    return dataSource;
  }
}
