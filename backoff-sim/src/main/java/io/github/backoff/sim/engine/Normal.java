package io.github.backoff.sim.engine;

import java.util.random.RandomGenerator;

/**
 * Standard normal deviates that are the same bits on every JVM: the models ({@code occ}, {@code single-server},
 * {@code hedging}) draw their normal variates here, not from {@link RandomGenerator#nextGaussian()}.
 *
 * <p><b>Why.</b> {@code nextGaussian()} is not specified bit for bit: {@code SplittableRandom} inherits the JDK's
 * ziggurat ({@code jdk.internal.util.random.RandomSupport.computeNextGaussian}), which changed between JDK 17 and
 * JDK 25. Most draws give the same value, but a draw in the tail can take a different number of
 * {@code nextLong()}s, and every later draw of the run shifts: the {@code occ} model's golden run (full jitter,
 * N = 20, seed 42) sent 102 writes in one run on JDK 17 and 103 on JDK 25.
 *
 * <p><b>How.</b> Marsaglia and Tsang's ziggurat ("The Ziggurat Method for Generating Random Variables", 2000) with
 * 128 layers, written down here: its tables are computed at class initialisation with {@link StrictMath}, whose
 * results Java defines bit for bit, and the draw itself needs only IEEE-754 arithmetic, which Java defines exactly,
 * and {@code StrictMath.exp}/{@code log} on its rare slow paths. So a seed gives the same deviates on any JDK, JIT
 * tier or CPU. About 97 % of the draws take one {@code nextLong()} and one multiplication, as the JDK's own does:
 * its low 7 bits choose the layer and the whole signed {@code long} is the position in it. (That the layer's bits
 * are also the position's lowest bits moves it by at most 2<sup>-56</sup> of the layer's width: the correlation
 * Doornik (2005) found in the 2000 paper's 32-bit version is negligible at 64 bits.)
 *
 * <p>Stateless and thread-safe (the generator is the caller's).
 *
 * <pre>{@code
 * RandomGenerator random = new SplittableRandom(42);
 * double hop = Math.abs(10 + 2 * Normal.draw(random)); // |Normal(10, 2)|
 * }</pre>
 */
public final class Normal {
  private static final int LAYERS = 128;
  /** Where the tail starts: the base layer is {@code [0, R)} plus the tail beyond {@code R}. */
  private static final double R = 3.442619855899;
  /** The area of each layer (and of the base layer with the tail). */
  private static final double V = 9.91256303526217e-3;
  /**
   * {@code X[i]}: the width of layer {@code i}; {@code X[0] = V / f(R)} (the base layer's width, tail included),
   * {@code X[1] = R}, {@code X[LAYERS] = 0}, decreasing in between: layer {@code i} spans heights
   * {@code f(X[i])} to {@code f(X[i + 1])}, and every layer has the area {@code V}.
   */
  private static final double[] X = new double[LAYERS + 1];
  /** {@code W[i] = X[i] / 2^63}: a {@code long} times {@code W[i]} is uniform in {@code [-X[i], X[i]]}. */
  private static final double[] W = new double[LAYERS];
  /** {@code F[i] = f(X[i]) = exp(-X[i]²/2)}. */
  private static final double[] F = new double[LAYERS + 1];

  static {
    double f = StrictMath.exp(-0.5 * R * R);
    X[0] = V / f;
    X[1] = R;
    F[0] = 0; // the base layer reaches down to 0
    F[1] = f;
    for (int i = 2; i < LAYERS; i++) {
      // Layer i - 1 has the area V: X[i - 1] * (f(X[i]) - f(X[i - 1])) = V.
      X[i] = StrictMath.sqrt(-2 * StrictMath.log(V / X[i - 1] + F[i - 1]));
      F[i] = StrictMath.exp(-0.5 * X[i] * X[i]);
    }
    X[LAYERS] = 0;
    F[LAYERS] = 1;
    for (int i = 0; i < LAYERS; i++) {
      W[i] = X[i] * 0x1.0p-63;
    }
  }

  private Normal() {}

  /**
   * One standard normal deviate.
   *
   * @param random the source of uniform bits ({@code nextLong}, and {@code nextDouble} on the slow paths)
   * @return a deviate
   */
  public static double draw(RandomGenerator random) {
    while (true) {
      long bits = random.nextLong();
      int i = (int) bits & (LAYERS - 1);
      double z = bits * W[i]; // uniform in [-X[i], X[i]], its sign the top bit
      double a = Math.abs(z);
      if (a < X[i + 1]) {
        return z; // inside the layer's part that lies wholly under the curve: 97 % of draws
      }
      if (i == 0) {
        return z < 0 ? -tail(random) : tail(random);
      }
      // The wedge between X[i + 1] and X[i]: under the curve with the probability the curve gives.
      double y = F[i] + random.nextDouble() * (F[i + 1] - F[i]);
      if (y < StrictMath.exp(-0.5 * a * a)) {
        return z;
      }
    }
  }

  /** A deviate beyond {@code R}, with the tail's distribution (Marsaglia 1964). */
  private static double tail(RandomGenerator random) {
    while (true) {
      double a = -StrictMath.log(1.0 - random.nextDouble()) / R; // 1 - u is in (0, 1]: the logarithm is finite
      double b = -StrictMath.log(1.0 - random.nextDouble());
      if (b + b >= a * a) {
        return R + a;
      }
    }
  }
}
