package io.github.backoff.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KeyedRandomTest {
  private static final long GOLDEN = 0x9e3779b97f4a7c15L;

  @Test
  void hash_isFnv1a64ThenSplitMixFinaliser() {
    // FNV-1a 64 test vectors (Fowler, Noll, Vo): "" -> cbf29ce484222325, "a" -> af63dc4c8601ec8c,
    // "foobar" -> 85944171f73967e8.
    assertThat(KeyedRandom.hash("")).isEqualTo(KeyedRandom.mix64(0xcbf29ce484222325L));
    assertThat(KeyedRandom.hash("a")).isEqualTo(KeyedRandom.mix64(0xaf63dc4c8601ec8cL));
    assertThat(KeyedRandom.hash("foobar")).isEqualTo(KeyedRandom.mix64(0x85944171f73967e8L));
  }

  @Test
  void hash_stringIsItsUtf8Bytes() {
    assertThat(KeyedRandom.hash("clé-ü")).isEqualTo(KeyedRandom.hash("clé-ü".getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void mix64_isSplittableRandomsFinaliser() {
    for (long seed : new long[] {0, 1, -1, 42, Long.MIN_VALUE}) {
      assertThat(KeyedRandom.mix64(seed + GOLDEN)).isEqualTo(new SplittableRandom(seed).nextLong());
    }
  }

  @Test
  void draws_areSplittableRandomsSequenceFromTheKeyedSeed() {
    long keyHash = KeyedRandom.hash("order-42");
    KeyedRandom keyed = KeyedRandom.of(keyHash, 3);
    SplittableRandom reference = new SplittableRandom(KeyedRandom.mix64(keyHash + 3 * GOLDEN));
    for (int i = 0; i < 5; i++) {
      assertThat(keyed.nextLong()).isEqualTo(reference.nextLong());
    }
    KeyedRandom again = KeyedRandom.of(keyHash, 3);
    SplittableRandom reference2 = new SplittableRandom(KeyedRandom.mix64(keyHash + 3 * GOLDEN));
    assertThat(again.nextDouble()).isEqualTo(reference2.nextDouble());
  }

  /** Regression oracle: these numbers are stored in engines (retry times); they must never change. */
  @Test
  void draws_pinnedValues_neverChange() {
    assertThat(KeyedRandom.hash("order-42")).isEqualTo(PINNED_HASH);
    assertThat(KeyedRandom.of("order-42", 1).nextDouble()).isEqualTo(PINNED_DRAW_1);
    assertThat(KeyedRandom.of("order-42", 2).nextDouble()).isEqualTo(PINNED_DRAW_2);
  }

  @Test
  void of_retryBelowOne_fails() {
    assertThatThrownBy(() -> KeyedRandom.of("k", 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retry must be >= 1: 0");
  }

  @Test
  void hash_null_fails() {
    assertThatThrownBy(() -> KeyedRandom.hash((String) null)).isInstanceOf(NullPointerException.class)
        .hasMessage("key");
  }

  static final long PINNED_HASH = 6371757786061637967L;
  static final double PINNED_DRAW_1 = 0.17270293959165517;
  static final double PINNED_DRAW_2 = 0.5593552565994381;
}
