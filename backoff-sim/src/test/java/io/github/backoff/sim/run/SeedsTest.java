package io.github.backoff.sim.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SeedsTest {

  @Test
  void run_differentInputs_differentSeeds() {
    long base = Seeds.run(1, 2, 3, 4, 5);
    assertThat(Seeds.run(1, 2, 3, 4, 5)).isEqualTo(base);
    assertThat(List.of(Seeds.run(2, 2, 3, 4, 5), Seeds.run(1, 3, 3, 4, 5),
        Seeds.run(1, 2, 4, 4, 5), Seeds.run(1, 2, 3, 5, 5), Seeds.run(1, 2, 3, 4, 6)))
        .doesNotContain(base).doesNotHaveDuplicates();
  }
}
