package io.github.backoff.sim.advise;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The search as a pure unit, on synthetic tables of candidates whose true means are known. */
class SearchTest {
  /** Candidate c's value on seed r: {@code means[c] + noise(r)}, the same noise for all (common random numbers). */
  private static Search.Batch table(double[] means, double noise, long[] runsPerCandidate) {
    return table(means, noise, 0.01, runsPerCandidate);
  }

  /** As above, plus independent noise of sd {@code own} per candidate and seed. */
  private static Search.Batch table(double[] means, double noise, double own, long[] runsPerCandidate) {
    return (idx, first, reps) -> {
      double[][][] v = new double[idx.length][2][reps];
      for (int i = 0; i < idx.length; i++) {
        for (int r = 0; r < reps; r++) {
          SplittableRandom shared = new SplittableRandom(first + r);
          SplittableRandom ownRandom = new SplittableRandom(1000L * idx[i] + first + r);
          v[i][0][r] = means[idx[i]] + noise * shared.nextGaussian() + own * ownRandom.nextGaussian();
          v[i][1][r] = idx[i]; // a second metric: the candidate's index
        }
        runsPerCandidate[idx[i]] += reps;
      }
      return v;
    };
  }

  @Test
  void run_syntheticTable_keepsTheBestAsFinalists() {
    double[] means = new double[40];
    for (int c = 0; c < means.length; c++) {
      means[c] = 10 + ((c * 17) % 40); // a permutation of 10..49: the best are 0 (10), 33 (11), 26 (12)
    }
    long[] runs = new long[means.length];
    Search.Result result = Search.run(new int[means.length], 2, new Ranking(0, true), table(means, 1.0, runs),
        2, 16, 3, Search.Listener.NONE);
    assertThat(result.finalists()).containsExactly(0, 33, 26);
    assertThat(result.exits()[0].reason()).isEqualTo("finalist");
    assertThat(result.exits()[39].round()).isZero(); // 10 + (39*17 % 40) = 33: gone after the first round
  }

  @Test
  void run_maximising_keepsTheLargest() {
    double[] means = {1, 5, 3, 9, 7};
    Search.Result result = Search.run(new int[5], 2, new Ranking(0, false), table(means, 0.5, new long[5]), 2, 8, 2,
        Search.Listener.NONE);
    assertThat(result.finalists()).containsExactly(3, 4);
  }

  @Test
  void run_clearlyWorseCandidates_leaveBeforeCloseOnes_soRunsGoWhereTheyAreClose() {
    // 0 and 1 are close; 2..9 are far behind.
    double[] means = {10, 10.1, 30, 31, 32, 33, 34, 35, 36, 37};
    long[] runs = new long[means.length];
    Search.Result result = Search.run(new int[means.length], 2, new Ranking(0, true), table(means, 1.0, 0.3, runs),
        2, 16, 1, Search.Listener.NONE);
    assertThat(result.finalists()).as("%s", java.util.Arrays.toString(result.exits())).containsExactly(0);
    assertThat(result.exits()[2].reason()).contains("clearly worse");
    assertThat(runs[1]).as("%s %s", java.util.Arrays.toString(runs), java.util.Arrays.toString(result.exits()))
        .isGreaterThan(runs[2]);
    assertThat(runs[0]).isGreaterThanOrEqualTo(runs[1]);
    assertThat(result.runs()).isEqualTo(Arrays.stream(runs).sum());
  }

  @Test
  void run_commonRandomNumbers_pairedDifferencesSeparateWhatRawMeansCannot() {
    // The shared noise (sd 5) dwarfs the gap (0.5), but it cancels in the paired differences.
    double[] means = {10, 10.5, 11};
    long[] runs = new long[3];
    Search.Result result = Search.run(new int[3], 2, new Ranking(0, true), table(means, 5, runs), 4, 8, 1,
        Search.Listener.NONE);
    assertThat(result.finalists()).containsExactly(0);
    assertThat(result.exits()[2].reason()).contains("paired difference");
  }

  @Test
  void planned_halvingFromSixteen_countsEveryRound() {
    // 16 x 2, then 8 x 2, 4 x 4, 2 x 8: 32 + 16 + 16 + 16
    assertThat(Search.planned(16, 2, 16, 2)).isEqualTo(80);
    assertThat(Search.planned(3, 2, 16, 4)).isEqualTo(6);
  }

  @Test
  void run_listener_hearsEveryRound() {
    List<Integer> left = new ArrayList<>();
    Search.run(new int[8], 2, new Ranking(0, true), table(new double[] {1, 2, 3, 4, 5, 6, 7, 8}, 0.1, new long[8]),
        2, 4, 1, (done, planned, alive) -> left.add(alive));
    assertThat(left.get(0)).isEqualTo(8);
    assertThat(left.get(left.size() - 1)).isLessThan(8);
  }
}
