package io.github.backoff.dbscheduler;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalPostgresTest {
  @TempDir Path base;

  @Test
  void unavailable_noBinaries_saysWhyAndHowToInstall() {
    assertThat(LocalPostgres.unavailable(base)).contains("PostgreSQL binaries not found under /usr/lib/postgresql/*/bin"
        + " (apt-get install -y postgresql): PostgreSQL tests skipped");
    assertThat(LocalPostgres.unavailable(base.resolve("absent"))).isPresent();
  }

  @Test
  void unavailable_aVersionWithoutInitdb_isNotEnough() throws Exception {
    Files.createDirectories(base.resolve("15/bin"));

    assertThat(LocalPostgres.unavailable(base)).isPresent();
  }
}
