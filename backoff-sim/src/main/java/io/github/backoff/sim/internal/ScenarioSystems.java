package io.github.backoff.sim.internal;

import io.github.backoff.sim.advise.Scenario;
import io.github.backoff.sim.overload.OverloadSystem;
import java.util.Objects;
import java.util.function.Function;

/**
 * The {@code overload} system of an advisor scenario, for backoff-testbed, which runs the scenario on a real
 * server. {@code Scenario.system()} is package-private because its type is internal (the module exports
 * {@code advise}, not {@code overload}), so {@code Scenario} hands this class the accessor when it is initialised —
 * the JDK's {@code SharedSecrets} pattern: one door for the workshop, none in the exported API.
 *
 * <p>Thread-safe: the accessor is set once, during {@code Scenario}'s class initialisation.
 *
 * <pre>{@code
 * OverloadSystem system = ScenarioSystems.of(Scenario.load(Path.of("docs/scenarios/throttling.properties")));
 * }</pre>
 */
public final class ScenarioSystems {
  private static volatile Function<Scenario, OverloadSystem> access;

  private ScenarioSystems() {}

  /**
   * Called once, by {@code Scenario}'s static initialiser.
   *
   * @throws IllegalStateException if an accessor is already registered
   */
  public static synchronized void register(Function<Scenario, OverloadSystem> accessor) {
    if (access != null) {
      throw new IllegalStateException("the scenario accessor is already registered");
    }
    access = Objects.requireNonNull(accessor, "accessor");
  }

  /**
   * The system {@code scenario} describes: the one value the advisor, {@code backoff simulate} and the testbed run.
   *
   * @throws IllegalStateException for a burst scenario
   */
  public static OverloadSystem of(Scenario scenario) {
    Objects.requireNonNull(scenario, "scenario"); // a Scenario instance: its class, hence the accessor, is initialised
    return access.apply(scenario);
  }
}
