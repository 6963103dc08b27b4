package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NameSuggesterTest {
  private static final List<String> NAMES = List.of("simulate", "schedule", "advise", "exec");

  @Test
  void closest_typoSwapOrPrefix_findsTheName() {
    assertThat(NameSuggester.closest("schedul", NAMES)).isEqualTo("schedule");
    assertThat(NameSuggester.closest("simualte", NAMES)).isEqualTo("simulate");
    assertThat(NameSuggester.closest("sim", NAMES)).isEqualTo("simulate");
  }

  @Test
  void closest_nothingNear_isNull() {
    assertThat(NameSuggester.closest("compile", NAMES)).isNull();
    assertThat(NameSuggester.closest("x", List.of())).isNull();
  }

  @Test
  void closest_ignoresCaseDashesAndUnderscores() {
    assertThat(NameSuggester.closest("maxAtempts", List.of("max-attempts", "max-delay"))).isEqualTo("max-attempts");
    assertThat(NameSuggester.closest("service.capacty", List.of("service.capacity", "service.queue")))
        .isEqualTo("service.capacity");
  }

  @Test
  void unknown_listsEveryNameAndSuggests() {
    assertThat(NameSuggester.unknown("strategy", "full-jiter", List.of("full-jitter", "equal-jitter")))
        .isEqualTo("unknown strategy 'full-jiter' (did you mean 'full-jitter'?); the strategies are full-jitter, "
            + "equal-jitter");
    assertThat(NameSuggester.unknown("key", "zzz", List.of("a.b"))).isEqualTo("unknown key 'zzz'; the keys are a.b");
  }

  @Test
  void distance_swapOfNeighbours_isOneEdit() {
    assertThat(NameSuggester.distance("ab", "ba")).isEqualTo(1);
    assertThat(NameSuggester.distance("kitten", "sitting")).isEqualTo(3);
  }
}
