package io.github.backoff.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.testing.RecordedRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The testbed's accounting on hand-made records: no server, no real time. Times are nanoTime readings around an
 * arbitrary origin; expected figures are worked out by hand in the comments.
 */
class RunAccountingTest {
  private static final long O = 5_000_000_000L; // the nanoTime reading of model time 0
  private static final double EPS = 1e-12;

  private static OverloadConfig scenario(int horizon) {
    return OverloadConfig.builder().rate(1).outage(0, 0, 0).horizon(horizon).build();
  }

  private static RecordedRequest recorded(int sequence, String path, long arrivalNanos) {
    return new RecordedRequest(sequence, 0, 0, "PUT", path, List.of(), new byte[0], arrivalNanos);
  }

  // ---------------------------------------------------------------- quantile

  @Test
  void quantile_countZero_isNaN() {
    assertThat(RunAccounting.quantile(new int[] {0, 0}, 0, 0.5)).isNaN();
  }

  @Test
  void quantile_rankOnABinEdge_returnsThatBinsUpperEdge() {
    // 10 values: rank ceil(0.5 x 10) = 5 is the last of bin 1 (2 + 3), whose upper edge is 2 ms.
    assertThat(RunAccounting.quantile(new int[] {2, 3, 5}, 10, 0.5)).isCloseTo(0.002, within(EPS));
  }

  @Test
  void quantile_fractionalRank_roundsUpToTheNearestRank() {
    // ceil(0.99 x 10) = 10: the one value in bin 1, not the 9th (bin 0) that a rounded-down rank would pick.
    assertThat(RunAccounting.quantile(new int[] {9, 1}, 10, 0.99)).isCloseTo(0.002, within(EPS));
    // ceil(0.01 x 10) = 1: the first value.
    assertThat(RunAccounting.quantile(new int[] {0, 0, 1, 9}, 10, 0.01)).isCloseTo(0.003, within(EPS));
  }

  @Test
  void quantile_rankPastTheLastBin_returnsTheLastBinsUpperEdge() {
    // Rank 4 of a count the bins do not hold: the top of the range, 2 bins x 1 ms.
    assertThat(RunAccounting.quantile(new int[] {1, 1}, 4, 0.99)).isCloseTo(0.002, within(EPS));
  }

  // ---------------------------------------------------------------- recovery

  /** Rate 10 (needed: 9 per second), an outage from 2 for {@code length}, 15 s. */
  private static OverloadConfig outage(double length) {
    return OverloadConfig.builder().rate(10).outage(2, length, 0).horizon(15).build();
  }

  @Test
  void recovery_noOutage_isNaN() {
    double[] goodput = {10, 10, 10, 10, 10, 10, 10};
    OverloadConfig none = OverloadConfig.builder().rate(10).outage(2, 0, 0).horizon(7).build();
    assertThat(RunAccounting.recovery(goodput, none)).isNaN();
  }

  @Test
  void recovery_streakReachesTheWindow_isItsFirstSecondLessTheOutagesEnd() {
    // Outage end 5. Second 5 is under 9, 6 and 7 at 9 exactly, 8 at 1 breaks the streak, 9..13 make the 5 in a
    // row: 9 - 5 = 4 s after the end.
    double[] goodput = {0, 0, 0, 0, 0, 8.99, 9, 9, 1, 9, 9, 9, 9, 9, 0};
    assertThat(RunAccounting.recovery(goodput, outage(3))).isCloseTo(4.0, within(EPS));
  }

  @Test
  void recovery_outageEndsMidSecond_countsFromTheNextWholeSecond() {
    // End 4.5: second 4 does not count; 5..9 are the streak: 5 - 4.5 = 0.5.
    double[] goodput = {0, 0, 0, 0, 10, 10, 10, 10, 10, 10, 0, 0, 0, 0, 0};
    assertThat(RunAccounting.recovery(goodput, outage(2.5))).isCloseTo(0.5, within(EPS));
  }

  @Test
  void recovery_streakShorterThanTheWindowAtTheEnd_isNaN() {
    // Four good seconds (11..14) before the run ends.
    double[] goodput = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 10, 10, 10};
    assertThat(RunAccounting.recovery(goodput, outage(3))).isNaN();
  }

  // ---------------------------------------------------------------- endOf

  @Test
  void endOf_noCapacityChange_isStartPlusWork() {
    assertThat(RunAccounting.endOf(100, 50, List.of())).isEqualTo(150.0);
  }

  @Test
  void endOf_capacityHalvedMidService_takesTheRestAtHalfSpeed() {
    // 20 done by 120, the other 30 at half speed: 60 more.
    assertThat(RunAccounting.endOf(100, 50, List.of(new double[] {120, 0.5}))).isEqualTo(180.0);
  }

  @Test
  void endOf_capacityZeroThenBack_waitsOutTheOutage() {
    // 20 done by 120, none from 120 to 200, the other 30 from 200.
    List<double[]> changes = List.of(new double[] {120, 0}, new double[] {200, 1});
    assertThat(RunAccounting.endOf(100, 50, changes)).isEqualTo(230.0);
  }

  @Test
  void endOf_capacityRestoredMidService_finishesAtFullSpeed() {
    // Half speed from the start: 25 done by 150, the other 15 at full speed.
    List<double[]> changes = List.of(new double[] {100, 0.5}, new double[] {150, 1});
    assertThat(RunAccounting.endOf(100, 40, changes)).isEqualTo(165.0);
  }

  @Test
  void endOf_capacityZeroForGood_isInfinity() {
    assertThat(RunAccounting.endOf(100, 50, List.of(new double[] {120, 0}))).isEqualTo(Double.POSITIVE_INFINITY);
  }

  @Test
  void endOf_changesAtOrBeforeStart_setTheSpeedFromTheStart() {
    assertThat(RunAccounting.endOf(100, 50, List.of(new double[] {100, 0.5}))).isEqualTo(200.0);
    List<double[]> two = List.of(new double[] {50, 0.5}, new double[] {80, 0.25});
    assertThat(RunAccounting.endOf(100, 10, two)).isEqualTo(140.0);
  }

  @Test
  void endOf_changeAfterTheServiceEnds_changesNothing() {
    assertThat(RunAccounting.endOf(100, 20, List.of(new double[] {120, 0}))).isEqualTo(120.0);
    assertThat(RunAccounting.endOf(100, 10, List.of(new double[] {120, 0}))).isEqualTo(110.0);
  }

  // ---------------------------------------------------------------- requestOf

  @Test
  void requestOf_pathOfARequest_isItsIndex() {
    assertThat(RunAccounting.requestOf("/r/7", 10)).isEqualTo(7);
    assertThat(RunAccounting.requestOf("/r/0", 10)).isZero();
    assertThat(RunAccounting.requestOf("/r/9", 10)).isEqualTo(9);
  }

  @Test
  void requestOf_indexOutOfRange_isMinusOne() {
    assertThat(RunAccounting.requestOf("/r/10", 10)).isEqualTo(-1);
    assertThat(RunAccounting.requestOf("/r/-1", 10)).isEqualTo(-1);
  }

  @Test
  void requestOf_notANumber_isMinusOne() {
    assertThat(RunAccounting.requestOf("/work", 10)).isEqualTo(-1);
    assertThat(RunAccounting.requestOf("/r/", 10)).isEqualTo(-1);
    assertThat(RunAccounting.requestOf("/r/1x", 10)).isEqualTo(-1);
  }

  // ---------------------------------------------------------------- measure

  @Test
  void measure_mixedCompletions_countsSuccessesAndLossesBeforeTheHorizon() {
    // Time scale 2: model second m is O + m x 2e9; horizon 2 s is O + 4e9.
    long horizon = O + 4_000_000_000L;
    double[] arrivals = {0.1, 0.2, 0.3, 0.4, 0.5, 0.5, 1.0, 0.0};
    long[] doneAt = {
        O + 205_000_000L,   // success at model 0.1025: latency 2.5 ms, bin 2
        O + 1_000_000_000L, // 503: lost
        O + 1_100_000_000L, // failure: lost
        0,                  // in flight
        horizon,            // done at the horizon: not counted
        O + 3_000_000_000L, // success at model 1.5: latency 1 s
        O + 1_800_000_000L, // success at model 0.9, before its arrival: latency -0.1, bin 0
        O + 3_999_000_000L, // success at model 1.9995: latency 1.9995 s, bin 1999 of 2001
    };
    int[] status = {200, 503, -1, 0, 200, 200, 200, 200};
    RunAccounting.Outcome o = new RunAccounting(scenario(2), 2, arrivals, O, horizon, doneAt, status).measure();

    assertThat(o.successes()).isEqualTo(4);
    assertThat(o.lost()).isEqualTo(2);
    assertThat(o.latencyMean()).isCloseTo((0.0025 + 1.0 - 0.1 + 1.9995) / 4, within(EPS));
    // Ranks 2 and 4 of the bins {0: 1, 2: 1, 1000: 1, 1999: 1}: the upper edges of bins 2 and 1999.
    assertThat(o.latencyP50()).isCloseTo(0.003, within(EPS));
    assertThat(o.latencyP99()).isCloseTo(2.0, within(EPS));
    assertThat(o.recovery()).isNaN();
  }

  @Test
  void measure_noSuccess_hasNaNLatenciesAndRecovery() {
    long horizon = O + 2_000_000_000L;
    RunAccounting.Outcome o = new RunAccounting(scenario(2), 1, new double[] {0.1}, O, horizon,
        new long[] {O + 300_000_000L}, new int[] {503}).measure();
    assertThat(o.successes()).isZero();
    assertThat(o.lost()).isEqualTo(1);
    assertThat(o.latencyMean()).isNaN();
    assertThat(o.latencyP50()).isNaN();
    assertThat(o.latencyP99()).isNaN();
  }

  @Test
  void measure_goodputPerModelSecond_givesTheRecovery() {
    // Rate 1 (needed 0.9 a second), outage 1..2, 9 s at time scale 2: one success a second at 3.5 .. 7.5 makes
    // seconds 3..7 good, 7 - 5 + 1 - 2 = 1 s after the end.
    OverloadConfig scenario = OverloadConfig.builder().rate(1).outage(1, 1, 0).horizon(9).build();
    double[] arrivals = {3.4, 4.4, 5.4, 6.4, 7.4};
    long[] doneAt = new long[5];
    int[] status = new int[5];
    for (int k = 0; k < 5; k++) {
      doneAt[k] = O + (long) ((3.5 + k) * 2e9);
      status[k] = 200;
    }
    RunAccounting.Outcome o = new RunAccounting(scenario, 2, arrivals, O, O + 18_000_000_000L, doneAt, status)
        .measure();
    assertThat(o.recovery()).isCloseTo(1.0, within(EPS));
    assertThat(o.latencyMean()).isCloseTo(0.1, within(1e-9));
  }

  @Test
  void measure_completionRoundingToTheHorizonsSecond_countsInTheLastSecond() {
    // At time scale 1e7 a 1 s horizon is 1e16 ns; a completion 1 ns before it converts to the double 1e16, model
    // second 1, which is past the goodput array's end: it counts in second 0, the last.
    long horizon = O + 10_000_000_000_000_000L;
    RunAccounting.Outcome o = new RunAccounting(OverloadConfig.builder().rate(1).outage(0, 0, 0).horizon(1).build(),
        1e7, new double[] {0}, O, horizon, new long[] {horizon - 1}, new int[] {200}).measure();
    assertThat(o.successes()).isEqualTo(1);
    assertThat(o.latencyMean()).isEqualTo(1.0);
  }

  // ---------------------------------------------------------------- overhead

  @Test
  void overhead_firstAttemptSuccesses_areArrivalToReplyLessTheServersHold() {
    // Horizon 10 s at time scale 1, origin O: the warm-up is the first 2 s. Nanos after O below.
    double[] arrivals = {2.0, 2.001, 4.0, 7.0, 9.0};
    List<RecordedRequest> recorded = List.of(
        recorded(0, "/r/0", O + 2_000_010_000L),  // served 2.00001 .. 2.00201: held 2 ms
        recorded(1, "/r/1", O + 2_001_020_000L),  // queued behind it: 2.00201 .. 2.00401, held 2.99 ms
        recorded(2, "/r/2", O + 4_000_010_000L),  // retried: left out
        recorded(3, "/r/2", O + 4_500_000_000L),
        recorded(4, "/r/3", O + 7_000_030_000L),  // 1 ms at full speed, 1 ms at half: held 3 ms
        recorded(5, "/work", O + 8_500_000_000L), // not a request's path
        recorded(6, "/r/4", O + 9_000_010_000L)); // answered 503: left out
    long[][] served = new long[7][];
    for (int s = 0; s < 7; s++) {
      served[s] = new long[] {s, 2_000_000};
    }
    List<double[]> changes = List.of(new double[] {O + 7_001_030_000L, 0.5}, new double[] {O + 8_000_000_000L, 1});
    long[] doneAt = {O + 2_002_050_000L, O + 2_004_070_000L, O + 4_502_050_000L, O + 7_003_100_000L,
        O + 9_002_050_000L};
    int[] status = {200, 200, 200, 200, 503};
    RunAccounting accounting = new RunAccounting(scenario(10), 1, arrivals, O, O + 10_000_000_000L, doneAt,
        status);

    LoopbackLatency.Measurement m = accounting.overhead(recorded, served, changes);

    // Network time out and back: 10 + 40, 20 + 60, 30 + 70 microseconds.
    assertThat(m.count()).isEqualTo(3);
    assertThat(m.mean()).isCloseTo((50e-6 + 80e-6 + 100e-6) / 3, within(EPS));
    assertThat(m.p50()).isCloseTo(80e-6, within(EPS));
    assertThat(m.p99()).isCloseTo(100e-6, within(EPS));
  }

  /** One request, arrived at model {@code arrival}, served 2 ms from 10 us after it, replied 40 us after that. */
  private static LoopbackLatency.Measurement single(double arrival, long doneAfterArrival, int status, int horizon,
      boolean served) {
    long at = O + Math.round(arrival * 1e9);
    List<RecordedRequest> recorded = List.of(recorded(0, "/r/0", at + 10_000));
    long[][] services = served ? new long[][] {{0, 2_000_000}} : new long[0][];
    long done = doneAfterArrival == 0 ? 0 : at + doneAfterArrival;
    return new RunAccounting(scenario(horizon), 1, new double[] {arrival}, O, O + horizon * 1_000_000_000L,
        new long[] {done}, new int[] {status}).overhead(recorded, services, List.of());
  }

  @Test
  void overhead_singleSuccess_isItsNetworkTime() {
    assertThat(single(5.0, 2_050_000, 200, 10, true).mean()).isCloseTo(50e-6, within(EPS));
  }

  @Test
  void overhead_requestInTheWarmUp_isLeftOut() {
    assertThat(single(1.999, 2_050_000, 200, 10, true).count()).isZero();
  }

  @Test
  void overhead_failedOrUnfinishedRequest_isLeftOut() {
    assertThat(single(5.0, 2_050_000, 503, 10, true).count()).as("503").isZero();
    assertThat(single(5.0, 2_050_000, -1, 10, true).count()).as("failed").isZero();
    assertThat(single(5.0, 0, 200, 10, true).count()).as("in flight").isZero();
    assertThat(single(9.0, 1_000_000_000, 200, 10, true).count()).as("done at the horizon").isZero();
    assertThat(single(9.0, 999_999_999, 200, 10, true).count()).as("done just before").isEqualTo(1);
  }

  @Test
  void overhead_requestTheServerDidNotServe_isLeftOut() {
    LoopbackLatency.Measurement m = single(5.0, 2_050_000, 200, 10, false);
    assertThat(m.count()).isZero();
    assertThat(m.mean()).isNaN();
  }

  @Test
  void overhead_replyBeforeTheRebuiltHoldEnds_countsAsZero() {
    // Replied 1 ms after the arrival, while the rebuilt schedule has the server busy until 2.01 ms.
    LoopbackLatency.Measurement m = single(5.0, 1_000_000, 200, 10, true);
    assertThat(m.count()).isEqualTo(1);
    assertThat(m.mean()).isZero();
  }

  // ---------------------------------------------------------------- small conversions

  @Test
  void attemptsBefore_arrivalAtTheHorizon_isNotCounted() {
    long horizon = O + 10;
    List<RecordedRequest> recorded = List.of(recorded(0, "/a", O), recorded(1, "/b", horizon - 1),
        recorded(2, "/c", horizon), recorded(3, "/d", horizon + 1));
    assertThat(RunAccounting.attemptsBefore(recorded, horizon)).isEqualTo(2);
  }

  @Test
  void attemptsBefore_nanoTimeWrappingAround_comparesByDifference() {
    List<RecordedRequest> recorded = new ArrayList<>();
    recorded.add(recorded(0, "/a", Long.MAX_VALUE - 5)); // 11 ns before the horizon, across the wrap
    assertThat(RunAccounting.attemptsBefore(recorded, Long.MIN_VALUE + 5)).isEqualTo(1);
  }

  @Test
  void serviceNanos_drawAtCapacityAndScale_isTheRealServiceTime() {
    // 1.5 / 50 per second = 30 ms of model time, 60 ms at time scale 2.
    assertThat(RunAccounting.serviceNanos(1.5, 50, 2)).isEqualTo(60_000_000L);
  }

  @Test
  void modelNanos_realNanosSinceTheOrigin_dividedByTheScale() {
    assertThat(RunAccounting.modelNanos(O + 3_000_000_000L, O, 2)).isEqualTo(1_500_000_000L);
    assertThat(RunAccounting.modelNanos(O + 3_000_000_000L, O, 0.5)).isEqualTo(6_000_000_000L);
  }

  @Test
  void scaled_modelDuration_isMultipliedByTheScale() {
    assertThat(RunAccounting.scaled(Duration.ofMillis(30), 0.5)).isEqualTo(Duration.ofMillis(15));
    assertThat(RunAccounting.scaled(Duration.ofMillis(30), 2)).isEqualTo(Duration.ofMillis(60));
  }

  @Test
  void nanos_modelSeconds_areRealNanosAtTheScale() {
    assertThat(RunAccounting.nanos(1.5, 2)).isEqualTo(3_000_000_000L);
    assertThat(RunAccounting.nanos(1.5, 0.5)).isEqualTo(750_000_000L);
  }
}
