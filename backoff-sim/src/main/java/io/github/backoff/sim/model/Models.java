package io.github.backoff.sim.model;

/** Checks shared by the models. */
final class Models {
  /** Client numbers are packed into an {@code int} payload with a few bits to spare. */
  static final int MAX_CLIENTS = 1 << 24;

  private Models() {}

  static void checkClients(int clients) {
    if (clients < 1 || clients > MAX_CLIENTS) {
      throw new IllegalArgumentException("clients must be in [1, " + MAX_CLIENTS + "]: " + clients);
    }
  }

  static double unitsPerNano(double nanosPerUnit) {
    if (!(nanosPerUnit > 0 && nanosPerUnit < Double.POSITIVE_INFINITY)) {
      throw new IllegalArgumentException("nanosPerUnit must be positive and finite: " + nanosPerUnit);
    }
    return 1.0 / nanosPerUnit;
  }
}
