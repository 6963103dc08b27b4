package io.github.backoff.dbscheduler;

import java.sql.SQLException;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeAll;

/** The scenarios on an in-memory H2 database. */
class DurableFailureHandlerH2Test extends SchedulerRestartContract {
  private static JdbcDataSource dataSource;

  @BeforeAll
  static void createDatabase() throws SQLException {
    dataSource = new JdbcDataSource();
    dataSource.setURL("jdbc:h2:mem:durable;DB_CLOSE_DELAY=-1");
    createTable(dataSource, "blob");
  }

  @Override
  DataSource dataSource() {
    return dataSource;
  }
}
