package io.github.backoff.durable;

import io.github.backoff.internal.Checks;
import java.nio.charset.StandardCharsets;
import java.util.random.RandomGenerator;

/**
 * The random draws of one retry of one item: a pure function of the item's key and the retry number, the same in
 * every JVM, on every instance, after every restart and in every replay. This is what makes a durable schedule's
 * jitter <em>keyed</em>: two instances that retry the same message draw the same wait, while two messages that
 * failed together draw independent waits.
 *
 * <p>The function is part of the API and will not change within a major version (a change would move every stored
 * retry time). In Java:
 * <pre>{@code
 * // 1. the key's 64-bit hash: FNV-1a over the key's bytes (a String key: its UTF-8 bytes), then the SplitMix64 finaliser
 * long h = 0xcbf29ce484222325L;
 * for (byte b : bytes) { h = (h ^ (b & 0xff)) * 0x100000001b3L; }
 * long keyHash = mix64(h);
 * // 2. the seed of retry r:
 * long seed = mix64(keyHash + r * 0x9e3779b97f4a7c15L);
 * // 3. the draws: java.util.SplittableRandom's sequence from that seed (gamma 0x9e3779b97f4a7c15):
 * //    state += 0x9e3779b97f4a7c15L; nextLong = mix64(state); nextDouble = (nextLong >>> 11) * 0x1.0p-53
 * // where mix64(z): z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L; z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
 * //                 return z ^ (z >>> 31);
 * }</pre>
 * Neither {@code String.hashCode} (32 bits: keys collide after about 77,000 keys) nor {@code Object.hashCode}
 * (different in every JVM) is used.
 *
 * <p>Not thread-safe: one instance serves one computation ({@link DurableSchedule} makes a fresh one per call).
 */
public final class KeyedRandom implements RandomGenerator {
  private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;
  private static final long FNV_OFFSET = 0xcbf29ce484222325L;
  private static final long FNV_PRIME = 0x100000001b3L;

  private long state;

  private KeyedRandom(long seed) {
    this.state = seed;
  }

  /**
   * The draws of retry {@code retry} of the item whose key hashes to {@code keyHash} ({@link #hash(String)}).
   *
   * @throws IllegalArgumentException if {@code retry < 1}
   */
  public static KeyedRandom of(long keyHash, int retry) {
    Checks.atLeast(retry, 1, "retry");
    return new KeyedRandom(mix64(keyHash + retry * GOLDEN_GAMMA));
  }

  /** {@code of(hash(key), retry)}. */
  public static KeyedRandom of(String key, int retry) {
    return of(hash(key), retry);
  }

  /**
   * The stable 64-bit hash of a key: FNV-1a over its UTF-8 bytes, then the SplitMix64 finaliser.
   *
   * @throws NullPointerException if {@code key} is null
   */
  public static long hash(String key) {
    return hash(Checks.requireNonNull(key, "key").getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The stable 64-bit hash of a key given as bytes (a Kafka record's key): FNV-1a, then the SplitMix64 finaliser.
   *
   * @throws NullPointerException if {@code key} is null
   */
  public static long hash(byte[] key) {
    Checks.requireNonNull(key, "key");
    long h = FNV_OFFSET;
    for (byte b : key) {
      h = (h ^ (b & 0xff)) * FNV_PRIME;
    }
    return mix64(h);
  }

  /** SplitMix64's finaliser (Stafford's variant 13, as {@code java.util.SplittableRandom} uses). */
  static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  @Override
  public long nextLong() {
    state += GOLDEN_GAMMA;
    return mix64(state);
  }

  /** {@code (nextLong() >>> 11) * 0x1.0p-53}, written out so that it never depends on the JDK's default. */
  @Override
  public double nextDouble() {
    return (nextLong() >>> 11) * 0x1.0p-53;
  }

  /** The high 32 bits of {@link #nextLong()}. */
  @Override
  public int nextInt() {
    return (int) (nextLong() >>> 32);
  }
}
