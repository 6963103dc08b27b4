package snippets.testing;

// tag::distribution[]
import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.TwoSampleKolmogorovSmirnov;
import java.util.SplittableRandom;
// end::distribution[]
import org.junit.jupiter.api.Test;

/** The code block of docs/testing.md's "Same distribution?" section, compiled and run. */
class KolmogorovSmirnovSnippetsTest {

  @Test
  void distribution() {
    // tag::distribution[]
    SplittableRandom random = new SplittableRandom(42);
    long[] ours = new long[20_000];
    long[] theirs = new long[20_000];
    for (int i = 0; i < ours.length; i++) {
      ours[i] = (long) (1_000 * random.nextDouble());      // say, a jitter's waits in microseconds
      theirs[i] = random.nextLong(1_000);                   // and another library's draws of the same wait
    }
    double alpha = 1e-9;                                    // a false alarm once in a billion runs
    assertThat(TwoSampleKolmogorovSmirnov.statistic(ours, theirs))
        .isLessThan(TwoSampleKolmogorovSmirnov.criticalValue(ours.length, theirs.length, alpha));
    // end::distribution[]
  }
}
