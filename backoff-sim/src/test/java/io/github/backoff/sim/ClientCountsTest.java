package io.github.backoff.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClientCountsTest {

  @Test
  void parse_studySweep_givesTenToOneNinetyByTen() {
    assertThat(ClientCounts.parse("10..190:10"))
        .isEqualTo(IntStream.rangeClosed(1, 19).map(i -> 10 * i).boxed().toList());
  }

  @Test
  void parse_mixedItems_keepsTheWrittenOrder() {
    assertThat(ClientCounts.parse(" 1, 5 ,10..30:10,3..4")).containsExactly(1, 5, 10, 20, 30, 3, 4);
  }

  @Test
  void parse_stepNotLandingOnEnd_stopsBeforeIt() {
    assertThat(ClientCounts.parse("1..10:4")).containsExactly(1, 5, 9);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "''|clients: must not be empty (example: 10..190:10)",
      "abc|clients: bad count 'abc' in 'abc' (expected N, A..B or A..B:S, e.g. 10..190:10)",
      "10..|clients: bad end '' in '10..' (expected N, A..B or A..B:S, e.g. 10..190:10)",
      "10..190:x|clients: bad step 'x' in '10..190:x' (expected N, A..B or A..B:S, e.g. 10..190:10)",
      "10..5|clients: bad range '10..5': end 5 < start 10",
      "0|clients: count must be in [1, 1000000]: 0 in '0'",
      "10..190:0|clients: step must be in [1, 1000000]: 0 in '10..190:0'",
      "5,1..9|clients: 5 appears twice (at '1..9')",
      "1..20000|clients: more than 10000 client counts",
  })
  void parse_badSpec_throwsOneLineNamingClients(String spec, String message) {
    assertThatThrownBy(() -> ClientCounts.parse(spec)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void parse_null_throwsNpe() {
    assertThatThrownBy(() -> ClientCounts.parse(null)).isInstanceOf(NullPointerException.class);
  }
}
