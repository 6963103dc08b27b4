package io.github.backoff.durable;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DurableModuleTest {
  @Test
  void moduleInfo_exportsTheDurablePackage() {
    ModuleDescriptor descriptor = ModuleFinder.of(Path.of("target/classes")).find("io.github.backoff")
        .orElseThrow().descriptor();

    assertThat(descriptor.exports()).map(ModuleDescriptor.Exports::source).contains("io.github.backoff.durable");
  }
}
