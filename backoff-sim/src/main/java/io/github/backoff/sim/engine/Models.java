package io.github.backoff.sim.engine;

/**
 * Checks shared by the models' engine code.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * Models.checkClients(100);
 * double unitsPerNano = Models.unitsPerNano(1_000_000);
 * }</pre>
 */
public final class Models {
  /** Client numbers are packed into an {@code int} payload with a few bits to spare. */
  public static final int MAX_CLIENTS = 1 << 24;

  private Models() {}

  public static void checkClients(int clients) {
    if (clients < 1 || clients > MAX_CLIENTS) {
      throw new IllegalArgumentException("clients must be in [1, " + MAX_CLIENTS + "]: " + clients);
    }
  }

  public static double unitsPerNano(double nanosPerUnit) {
    if (!(nanosPerUnit > 0 && nanosPerUnit < Double.POSITIVE_INFINITY)) {
      throw new IllegalArgumentException("nanosPerUnit must be positive and finite: " + nanosPerUnit);
    }
    return 1.0 / nanosPerUnit;
  }
}
