package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ModuleDescriptorTest {

  @Test
  void moduleInfo_exportsOnlyApiPackagesAndRequiresOnlyJavaBase() {
    ModuleDescriptor descriptor = ModuleFinder.of(Path.of("target/classes")).find("io.github.backoff")
        .orElseThrow().descriptor();

    assertThat(descriptor.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()))
        .doesNotContain("io.github.backoff.internal")
        .contains("io.github.backoff", "io.github.backoff.strategy", "io.github.backoff.event",
            "io.github.backoff.budget", "io.github.backoff.preset", "io.github.backoff.ratelimit",
            "io.github.backoff.hedge", "io.github.backoff.httprules", "io.github.backoff.httprules.spi",
            "io.github.backoff.metrics");
    assertThat(descriptor.requires().stream().map(ModuleDescriptor.Requires::name))
        .containsExactly("java.base");
  }
}
