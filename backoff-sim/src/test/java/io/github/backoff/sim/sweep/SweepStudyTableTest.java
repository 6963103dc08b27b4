package io.github.backoff.sim.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The summary's terminal table keeps its columns apart whatever the size of a value. */
class SweepStudyTableTest {
  private static final List<String> HEADER = List.of("work", "work/N", "completion", "vs Nx40");

  @Test
  void table_usualValues_keepTheUsualWidths() {
    String table = SweepStudy.table(List.of("full-jitter"), 11, HEADER,
        List.of(List.of("1,234.5", "12.35x", "4,567.8", "1.14x")));

    assertThat(table).isEqualTo("strategy            work   work/N    completion   vs Nx40\n"
        + "full-jitter      1,234.5   12.35x       4,567.8     1.14x\n");
  }

  @Test
  void table_aMillionClientsValues_widenTheirColumns_andTwoSpacesPartEveryColumn() {
    // What a run of 10^6 clients printed before: "full-jitter5,523,298,449.05,523.30x  11,918,080.2     0.30x".
    String table = SweepStudy.table(List.of("full-jitter", "none"), 11, HEADER,
        List.of(List.of("5,523,298,449.0", "5,523.30x", "11,918,080.2", "0.30x"),
            List.of("1.0", "1.00x", "40.0", "1.00x")));

    List<String> lines = table.lines().toList();
    assertThat(lines.get(1)).isEqualTo("full-jitter  5,523,298,449.0  5,523.30x  11,918,080.2     0.30x");
    assertThat(lines).extracting(String::length).containsOnly(lines.get(0).length());
    assertThat(lines.get(2).split(" +")).containsExactly("none", "1.0", "1.00x", "40.0", "1.00x");
  }
}
