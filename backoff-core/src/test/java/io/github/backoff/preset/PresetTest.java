package io.github.backoff.preset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.Randoms;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class PresetTest {
  private static final long MS = 1_000_000L;
  private static final long S = 1_000_000_000L;
  private static final long SLOT = 51_200L;
  private static final int N = 20_000;

  /** {@code N} independent waits for {@code retry} (first-retry state, fresh per draw), seeded. */
  private static long[] draws(Backoff backoff, int retry, long seed) {
    RandomGenerator random = Randoms.seeded(seed);
    long[] waits = new long[N];
    for (int i = 0; i < N; i++) {
      waits[i] = backoff.delayNanos(retry, 0, random);
    }
    return waits;
  }

  private static double mean(long[] values) {
    return java.util.Arrays.stream(values).average().orElseThrow();
  }

  private static void assertWithin(long[] waits, long min, long max) {
    assertThat(java.util.Arrays.stream(waits).min().orElseThrow()).isGreaterThanOrEqualTo(min);
    assertThat(java.util.Arrays.stream(waits).max().orElseThrow()).isLessThanOrEqualTo(max);
  }

  @Test
  void names_matchAllAndByName() {
    assertThat(Preset.all().stream().map(Preset::name).collect(Collectors.toList()))
        .containsExactlyElementsOf(Preset.names());
    for (String name : Preset.names()) {
      assertThat(Preset.byName(name).name()).isEqualTo(name);
      assertThat(Preset.find(name)).isPresent();
      assertThat(Preset.byName(name).source()).isNotBlank();
      assertThat(Preset.byName(name).summary()).isNotBlank();
    }
    assertThat(Preset.find("exponential")).isEmpty();
  }

  @Test
  void byName_misspelled_suggestsTheClosestPreset() {
    assertThatThrownBy(() -> Preset.byName("google-drvie"))
        .hasMessageStartingWith("unknown preset: 'google-drvie' (did you mean 'google-drive'?) (expected one of ");
  }

  @Test
  void byName_unknown_throwsNamingItAndTheChoices() {
    assertThatThrownBy(() -> Preset.byName("azure"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown preset: 'azure' (expected one of google-http-client, google-drive, aws-simpledb, "
            + "aws-sdk-standard, aws-sdk-legacy, aws-sdk-2026, aws-dynamodb-2026, ethernet, truncated-binary, grpc)");
  }

  @Test
  void googleHttpClient_boundsAreTheRandomizedExponentialIntervals() {
    Preset preset = Preset.googleHttpClient();
    Backoff backoff = preset.backoff();
    // initial interval 500 ms ·1.5^(r-1), capped at 60 s, randomized ±50%.
    double interval = 500 * MS;
    for (int r = 1; r <= 20; r++) {
      long t = (long) Math.min(interval, 60 * S);
      assertThat(backoff.minDelayNanos(r)).as("min %d", r).isCloseTo(t / 2, Offset.offset(4L));
      assertThat(backoff.maxDelayNanos(r)).as("max %d", r).isCloseTo(t * 3 / 2, Offset.offset(4L));
      interval *= 1.5;
    }
    long[] first = draws(backoff, 1, 11);
    assertWithin(first, 250 * MS, 750 * MS);
    assertThat(mean(first)).isCloseTo(500.0 * MS, Offset.offset(5.0 * MS));
    assertWithin(draws(backoff, 15, 12), 30 * S, 90 * S);
    assertThat(preset.maxAttempts()).isEqualTo(11);
    assertThat(preset.maxElapsed()).contains(Duration.ofMinutes(15));
    assertThat(preset.retryableStatusCodes()).hasSize(100).startsWith(500).endsWith(599);
    assertThat(preset.isRetryableStatus(503)).isTrue();
    assertThat(preset.isRetryableStatus(429)).isFalse();
    assertThat(preset.throttlingBackoff()).isEmpty();
  }

  @Test
  void googleDrive_waitsTwoToTheRMinusOneSecondsPlusUpToOneSecond() {
    Preset preset = Preset.googleDrive();
    Backoff backoff = preset.backoff();
    for (int r = 1; r <= 6; r++) {
      long base = (1L << (r - 1)) * S;
      assertThat(backoff.minDelayNanos(r)).isEqualTo(base);
      assertThat(backoff.maxDelayNanos(r)).isEqualTo(Math.min(base + S, 64 * S));
      long[] waits = draws(backoff, r, 20 + r);
      assertWithin(waits, base, Math.min(base + S, 64 * S));
      if (r <= 5) {
        assertThat(mean(waits) - base).as("mean jitter of retry %d", r).isCloseTo(0.5 * S, Offset.offset(0.01 * S));
      }
    }
    // From retry 7 on, 2^6 s = 64 s already reaches the maximum backoff.
    assertThat(backoff.minDelayNanos(7)).isEqualTo(64 * S);
    assertThat(backoff.maxDelayNanos(30)).isEqualTo(64 * S);
    assertThat(preset.maxAttempts()).isEqualTo(6);
    assertThat(preset.maxElapsed()).isEmpty();
    assertThat(preset.retryableStatusCodes()).startsWith(403, 429, 500).endsWith(599);
    assertThat(preset.isRetryableStatus(404)).isFalse();
  }

  @Test
  void awsSimpleDb_waitsUniformUpToFourToTheRTimesHundredMillis() {
    Preset preset = Preset.awsSimpleDb();
    Backoff backoff = preset.backoff();
    long top = 100 * MS;
    for (int r = 1; r <= 6; r++) {
      top *= 4;
      assertThat(backoff.minDelayNanos(r)).isZero();
      assertThat(backoff.maxDelayNanos(r)).isEqualTo(top);
      long[] waits = draws(backoff, r, 30 + r);
      assertWithin(waits, 0, top - 1);
      assertThat(mean(waits)).isCloseTo(top / 2.0, Offset.offset(top * 0.01));
    }
    assertThat(backoff.maxDelayNanos(1)).isEqualTo(400 * MS);
    assertThat(backoff.maxDelayNanos(3)).isEqualTo(6400 * MS);
    assertThat(preset.maxAttempts()).isEqualTo(Integer.MAX_VALUE);
    assertThat(preset.retryableStatusCodes()).containsExactlyElementsOf(
        IntStream.rangeClosed(500, 599).boxed().collect(Collectors.toList()));
  }

  @Test
  void awsSdkStandard_fullJitterFromHundredMillisCappedAtTwentySeconds() {
    Preset preset = Preset.awsSdkStandard();
    Backoff backoff = preset.backoff();
    assertThat(backoff.maxDelayNanos(1)).isEqualTo(100 * MS);
    assertThat(backoff.maxDelayNanos(2)).isEqualTo(200 * MS);
    assertThat(backoff.maxDelayNanos(9)).isEqualTo(20 * S);
    long[] waits = draws(backoff, 2, 41);
    assertWithin(waits, 0, 200 * MS);
    assertThat(mean(waits)).isCloseTo(100.0 * MS, Offset.offset(2.0 * MS));
    Backoff throttling = preset.throttlingBackoff().orElseThrow();
    assertThat(throttling.maxDelayNanos(1)).isEqualTo(S);
    assertThat(throttling.maxDelayNanos(6)).isEqualTo(20 * S);
    assertWithin(draws(throttling, 1, 42), 0, S);
    assertThat(preset.maxAttempts()).isEqualTo(3);
    assertThat(preset.retryableStatusCodes()).containsExactly(429, 500, 502, 503, 504);
  }

  @Test
  void awsSdkLegacy_throttlingUsesEqualJitterFromFiveHundredMillis() {
    Preset preset = Preset.awsSdkLegacy();
    assertThat(preset.backoff().maxDelayNanos(1)).isEqualTo(100 * MS);
    Backoff throttling = preset.throttlingBackoff().orElseThrow();
    assertThat(throttling.minDelayNanos(1)).isEqualTo(250 * MS);
    assertThat(throttling.maxDelayNanos(1)).isEqualTo(500 * MS);
    long[] waits = draws(throttling, 2, 51);
    assertWithin(waits, 500 * MS, S);
    assertThat(mean(waits)).isCloseTo(750.0 * MS, Offset.offset(5.0 * MS));
    assertThat(preset.maxAttempts()).isEqualTo(4);
  }

  @Test
  void ethernet_waitsAWholeNumberOfSlotsUniformUpToTwoToTheMinRTenMinusOne() {
    Preset preset = Preset.ethernet();
    Backoff backoff = preset.backoff();
    for (int r = 1; r <= 15; r++) {
      int slots = 1 << Math.min(r, 10);
      assertThat(backoff.minDelayNanos(r)).isZero();
      assertThat(backoff.maxDelayNanos(r)).as("max of retry %d", r).isEqualTo((slots - 1) * SLOT);
      long[] waits = draws(backoff, r, 60 + r);
      long[] counts = new long[slots];
      for (long wait : waits) {
        assertThat(wait % SLOT).isZero();
        long k = wait / SLOT;
        assertThat(k).isBetween(0L, slots - 1L);
        counts[(int) k]++;
      }
      if (slots <= 16) {
        // Every k occurs, and about equally often: within 15% of N / slots at these sizes.
        for (int k = 0; k < slots; k++) {
          assertThat((double) counts[k]).as("retry %d, k = %d", r, k)
              .isCloseTo((double) N / slots, Offset.offset(0.15 * N / slots));
        }
      } else {
        assertThat(counts[0] + counts[slots - 1]).as("both ends reached at retry %d", r).isPositive();
        assertThat(mean(waits) / SLOT).isCloseTo((slots - 1) / 2.0, Offset.offset(slots * 0.02));
      }
    }
    assertThat(backoff.maxDelayNanos(10)).isEqualTo(1023 * SLOT);
    assertThat(backoff.maxDelayNanos(16)).isEqualTo(1023 * SLOT);
    assertThat(preset.maxAttempts()).isEqualTo(16);
    assertThat(preset.retryableStatusCodes()).isEmpty();
  }

  @Test
  void ethernet_firstRetryIsZeroOrOneSlotWithEqualChance() {
    long[] waits = draws(Preset.ethernet().backoff(), 1, 7);
    long ones = java.util.Arrays.stream(waits).filter(w -> w == SLOT).count();
    long zeros = java.util.Arrays.stream(waits).filter(w -> w == 0).count();
    assertThat(ones + zeros).isEqualTo(N);
    assertThat((double) ones).isCloseTo(N / 2.0, Offset.offset(N * 0.02));
  }

  @Test
  void truncatedBinary_baseDerivedFromTruncationAndCap() {
    Preset preset = Preset.truncatedBinary(4, Duration.ofSeconds(8));
    Backoff backoff = preset.backoff();
    assertThat(backoff.maxDelayNanos(1)).isEqualTo(S);
    assertThat(backoff.maxDelayNanos(2)).isEqualTo(2 * S);
    assertThat(backoff.maxDelayNanos(4)).isEqualTo(8 * S);
    assertThat(backoff.maxDelayNanos(40)).isEqualTo(8 * S);
    long[] waits = draws(backoff, 3, 71);
    assertWithin(waits, 0, 4 * S);
    assertThat(mean(waits)).isCloseTo(2.0 * S, Offset.offset(0.04 * S));
    assertThat(Preset.truncatedBinary().backoff().maxDelayNanos(5)).isEqualTo(16 * S);
    assertThat(Preset.truncatedBinary().backoff().maxDelayNanos(1)).isEqualTo(S);
  }

  @Test
  void truncatedBinary_badParameters_throwNamingThem() {
    assertThatThrownBy(() -> Preset.truncatedBinary(0, Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("truncateAfter must be >= 1: 0");
    assertThatThrownBy(() -> Preset.truncatedBinary(3, Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("max must not be negative: -1 s");
  }

  @Test
  void awsSdk2026_fiftyMillisTransientOneSecondThrottlingThreeAttempts() {
    Preset preset = Preset.awsSdk2026();
    Backoff backoff = preset.backoff();
    assertThat(backoff.minDelayNanos(1)).isZero();
    assertThat(backoff.maxDelayNanos(1)).isEqualTo(50 * MS);
    assertThat(backoff.maxDelayNanos(2)).isEqualTo(100 * MS);
    assertThat(backoff.maxDelayNanos(10)).as("50 ms x 2^9 = 25.6 s, capped before jitter").isEqualTo(20 * S);
    long[] waits = draws(backoff, 10, 71);
    assertWithin(waits, 0, 20 * S);
    assertThat(mean(waits)).as("uniform on [0, 20 s]: the cap is applied before jitter")
        .isCloseTo(10.0 * S, Offset.offset(0.2 * S));
    Backoff throttling = preset.throttlingBackoff().orElseThrow();
    assertThat(throttling.maxDelayNanos(1)).isEqualTo(S);
    assertThat(throttling.maxDelayNanos(2)).isEqualTo(2 * S);
    assertThat(preset.maxAttempts()).isEqualTo(3);
    assertThat(preset.retryableStatusCodes()).containsExactly(429, 500, 502, 503, 504);
    assertThat(preset.summary()).contains("from 2026");
    assertThat(Preset.awsSdkStandard().summary()).contains("before 2026");
    assertThat(Preset.awsSdkLegacy().summary()).contains("before 2026");
  }

  @Test
  void awsDynamoDb2026_twentyFiveMillisTransientOneSecondThrottlingFourAttempts() {
    Preset preset = Preset.awsDynamoDb2026();
    assertThat(preset.backoff().maxDelayNanos(1)).isEqualTo(25 * MS);
    assertThat(preset.backoff().maxDelayNanos(3)).isEqualTo(100 * MS);
    assertThat(preset.throttlingBackoff().orElseThrow().maxDelayNanos(1)).isEqualTo(S);
    assertThat(preset.maxAttempts()).isEqualTo(4);
    assertThat(Preset.byName("aws-dynamodb-2026").name()).isEqualTo("aws-dynamodb-2026");
  }

  @Test
  void policyBuilderWithThrottling_addsAThrottlingKindWithItsBackoffAndCost() {
    Preset preset = Preset.awsSdk2026();
    RetryPolicy<Integer> policy = preset.<Integer>policyBuilder((status, failure) -> status != null && status == 429)
        .build();

    assertThat(policy.maxAttempts()).isEqualTo(3);
    assertThat(policy.kinds()).singleElement().satisfies(kind -> {
      assertThat(kind.name()).isEqualTo(Preset.THROTTLING_KIND);
      assertThat(kind.costClass()).isEqualTo(io.github.backoff.budget.CostClass.THROTTLING);
    });
    assertThat(policy.backoffFor(429, null)).isSameAs(preset.throttlingBackoff().orElseThrow());
    assertThat(policy.backoffFor(503, null)).isSameAs(preset.backoff());
    // A preset without a throttling strategy still charges throttling its own cost, with the default strategy.
    Preset googleDrive = Preset.googleDrive();
    RetryPolicy<Integer> drive = googleDrive.<Integer>policyBuilder((s, f) -> true).build();
    assertThat(drive.backoffFor(429, null)).isSameAs(googleDrive.backoff());
    assertThatThrownBy(() -> preset.policyBuilder(null))
        .isInstanceOf(NullPointerException.class).hasMessage("isThrottling");
  }

  @Test
  void policyBuilder_carriesStrategyAndLimits() {
    RetryPolicy<String> drive = Preset.googleDrive().<String>policyBuilder().build();
    assertThat(drive.backoff()).isSameAs(drive.backoff());
    assertThat(drive.maxAttempts()).isEqualTo(6);
    assertThat(drive.maxElapsed()).isEmpty();
    RetryPolicy<String> http = Preset.googleHttpClient().<String>policyBuilder().build();
    assertThat(http.maxAttempts()).isEqualTo(11);
    assertThat(http.maxElapsed()).contains(Duration.ofMinutes(15));
    assertThat(http.backoff().maxDelayNanos(1)).isEqualTo(750 * MS);
    RetryPolicy<String> simpleDb = Preset.awsSimpleDb().<String>policyBuilder().build();
    assertThat(simpleDb.maxAttempts()).isEqualTo(Integer.MAX_VALUE);
  }

  @Property(tries = 300)
  void backoff_anyPresetSeedAndRetry_staysWithinItsBounds(@ForAll("presets") Preset preset, @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 64) int retry) {
    RandomGenerator random = Randoms.seeded(seed);
    for (Backoff backoff : new Backoff[] {preset.backoff(), preset.throttlingBackoff().orElse(preset.backoff())}) {
      for (int i = 0; i < 20; i++) {
        assertThat(backoff.delayNanos(retry, 0, random))
            .isBetween(backoff.minDelayNanos(retry), backoff.maxDelayNanos(retry));
      }
    }
  }

  @Test
  void parametersOf_truncatedBinaryTakesTwo_grpcFour_othersNone() {
    assertThat(Preset.parametersOf("truncated-binary")).containsExactly(Preset.TRUNCATE_AFTER, Preset.CAP);
    assertThat(Preset.parametersOf("grpc"))
        .containsExactly(Preset.BASE, Preset.CAP, Preset.MULTIPLIER, Preset.MAX_ATTEMPTS);
    for (String name : Preset.names()) {
      if (!name.equals("truncated-binary") && !name.equals("grpc")) {
        assertThat(Preset.parametersOf(name)).as(name).isEmpty();
      }
    }
    assertThatThrownBy(() -> Preset.parametersOf("nope"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown preset: 'nope'");
  }

  @Test
  void byNameWithParameters_truncatedBinary_appliesThemOrTheDefaults() {
    Preset given = Preset.byName("truncated-binary", OptionalInt.of(4), Optional.of(Duration.ofSeconds(8)));
    Preset defaults = Preset.byName("truncated-binary", OptionalInt.empty(), Optional.empty());
    Preset capOnly = Preset.byName("truncated-binary", OptionalInt.empty(), Optional.of(Duration.ofSeconds(32)));

    assertThat(given.backoff().maxDelayNanos(4)).isEqualTo(8 * S);
    assertThat(given.backoff().maxDelayNanos(9)).isEqualTo(8 * S);
    assertThat(defaults.backoff().toString()).isEqualTo(Preset.truncatedBinary().backoff().toString());
    assertThat(capOnly.backoff().maxDelayNanos(Preset.DEFAULT_TRUNCATE_AFTER)).isEqualTo(32 * S);
  }

  @Test
  void byNameWithParameters_fixedPreset_rejectsEachParameterByName() {
    assertThat(Preset.byName("google-drive", OptionalInt.empty(), Optional.empty()).name()).isEqualTo("google-drive");
    assertThatThrownBy(() -> Preset.byName("google-drive", OptionalInt.of(3), Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("preset google-drive takes no truncate-after: it is fixed");
    assertThatThrownBy(() -> Preset.byName("aws-sdk-2026", OptionalInt.empty(), Optional.of(Duration.ofSeconds(1))))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("preset aws-sdk-2026 takes no cap: it is fixed");
    assertThatThrownBy(() -> Preset.byName("truncated-binary", OptionalInt.of(0), Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("truncateAfter");
  }

  @Test
  void grpc_defaults_a6ExampleWithJitterOnTheCappedInterval() {
    Preset grpc = Preset.grpc();

    assertThat(grpc.maxAttempts()).isEqualTo(4);
    assertThat(grpc.retryableStatusCodes()).isEmpty();
    long[] nominal = {100, 200, 400, 800, 1000, 1000};
    for (int retry = 1; retry <= nominal.length; retry++) {
      long t = nominal[retry - 1] * 1_000_000L;
      assertThat(grpc.backoff().minDelayNanos(retry)).as("retry %d", retry).isEqualTo(t * 8 / 10);
      assertThat(grpc.backoff().maxDelayNanos(retry)).as("retry %d", retry).isEqualTo(t * 12 / 10);
    }
    assertThat(Preset.byName("grpc").summary()).isEqualTo(
        "grpc-java built-in retry (gRFC A6, >= 1.80): min(100 ms x2.0^(r-1), 1 s) x U(0.8, 1.2), 4 attempts");
  }

  @Test
  void byNameWithMap_grpc_takesItsParametersAsGiven() {
    Preset p = Preset.byName("grpc", java.util.Map.of(Preset.BASE, Duration.ofMillis(50), Preset.MULTIPLIER, 3,
        Preset.CAP, Duration.ofSeconds(2), Preset.MAX_ATTEMPTS, 7));

    assertThat(p.maxAttempts()).as("above grpc-java's 5: taken as given").isEqualTo(7);
    assertThat(p.backoff().maxDelayNanos(2)).isEqualTo(180_000_000L);   // 50 ms x 3 x 1.2
    assertThat(p.backoff().maxDelayNanos(9)).isEqualTo(2_400_000_000L); // the cap x 1.2
  }

  @Test
  void byNameWithMap_badParameters_refusedNamingThem() {
    assertThatThrownBy(() -> Preset.byName("grpc", java.util.Map.of(Preset.TRUNCATE_AFTER, 3)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("preset grpc takes no truncate-after: it takes base, cap, multiplier, max-attempts");
    assertThatThrownBy(() -> Preset.byName("grpc", java.util.Map.of(Preset.BASE, "0.1s")))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("base must be a Duration: String");
    assertThatThrownBy(() -> Preset.byName("grpc", java.util.Map.of(Preset.MAX_ATTEMPTS, 0)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("max-attempts must be >= 1: 0");
    assertThatThrownBy(() -> Preset.byName("grpc", java.util.Map.of(Preset.CAP, Duration.ofMillis(10))))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("cap must be >= base: PT0.01S < PT0.1S");
    assertThatThrownBy(() -> Preset.grpc(Duration.ZERO, 2, Duration.ofSeconds(1), 4))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("base must be > 0: PT0S");
  }

  @Provide
  Arbitrary<Preset> presets() {
    return Arbitraries.of(Preset.all());
  }

  @Test
  void toString_namesThePresetAndItsStrategy() {
    Preset preset = Preset.byName("truncated-binary");

    assertThat(preset).hasToString("truncated-binary: " + preset.backoff());
  }
}
