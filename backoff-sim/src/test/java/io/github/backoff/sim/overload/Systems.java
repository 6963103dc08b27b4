package io.github.backoff.sim.overload;

/** Positional {@link OverloadSystem}s for the model's tests: the queueing server unless a throttle rate is given. */
final class Systems {
  private Systems() {}

  static OverloadSystem system(double rate, double capacity, int queue, double timeout, double outageStart,
      double outageLength, double outageCapacity, int horizon, boolean dropExpired) {
    return system(rate, capacity, queue, timeout, outageStart, outageLength, outageCapacity, horizon, dropExpired, 0);
  }

  /** With a throttling server of {@code throttleRate} if it is positive. */
  static OverloadSystem system(double rate, double capacity, int queue, double timeout, double outageStart,
      double outageLength, double outageCapacity, int horizon, boolean dropExpired, double throttleRate) {
    return system(rate, capacity, queue, timeout, outageStart, outageLength, outageCapacity, horizon, dropExpired,
        throttleRate, NetworkLatency.ZERO);
  }

  static OverloadSystem system(double rate, double capacity, int queue, double timeout, double outageStart,
      double outageLength, double outageCapacity, int horizon, boolean dropExpired, double throttleRate,
      NetworkLatency latency) {
    return new OverloadSystem(rate, capacity, queue, timeout, outageStart, outageLength, outageCapacity, horizon,
        dropExpired, throttleRate > 0 ? OverloadSystem.Server.THROTTLING : OverloadSystem.Server.QUEUEING,
        throttleRate, latency, RetryAfterHint.NONE);
  }
}
