package io.github.backoff.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.sim.spi.Model;
import io.github.backoff.sim.spi.Parameter;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.StrategyLookup;
import io.github.backoff.sim.spi.Study;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelRegistryTest {

  @Test
  void defaults_haveTheFourModelsAndTheirParameters() {
    ModelRegistry registry = ModelRegistry.defaults();
    assertThat(registry.names()).containsExactly("occ", "single-server", "overload", "hedging");
    assertThat(registry.get(" OCC ").name()).isEqualTo("occ");
    assertThat(registry.modelsTaking("clients")).containsExactly("occ", "single-server");
    assertThat(registry.modelsTaking("drop-expired")).containsExactly("overload");
    assertThat(registry.parameters()).extracting(Parameter::name).startsWith("clients", "rate").doesNotHaveDuplicates();
  }

  @Test
  void with_parameterNamedLikeACommonOption_isRejected() {
    Model bad = new Model() {
      @Override
      public String name() {
        return "bad";
      }

      @Override
      public String description() {
        return "declares --runs again";
      }

      @Override
      public List<Parameter> parameters() {
        return List.of(new Parameter("runs", "R", "x", Parameter.Kind.INTEGER));
      }

      @Override
      public Study study(Settings settings, StrategyLookup strategies) {
        throw new UnsupportedOperationException();
      }
    };
    assertThatThrownBy(() -> ModelRegistry.defaults().with(bad)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("model bad: parameter 'runs' is a common option");
  }

  @Test
  void get_unknown_namesTheKnownModels() {
    assertThatThrownBy(() -> ModelRegistry.defaults().get("queueing")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("model: unknown model 'queueing' (known: occ, single-server, overload, hedging)");
  }

  @Test
  void study_optionOfNoModel_isAnUnknownOption() {
    assertThatThrownBy(() -> Simulation.study(ModelRegistry.defaults(), "occ",
        Settings.of(java.util.Map.of("colour", "red")), StrategyLookup.NONE)).hasMessage("colour: unknown option");
  }
}
