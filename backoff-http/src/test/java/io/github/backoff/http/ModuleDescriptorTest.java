package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Tests run on the class path, so the module descriptor is checked here. */
class ModuleDescriptorTest {
  @Test
  void descriptor_exportsOnlyTheApiAndReadsCoreAndHttpClient() {
    ModuleDescriptor descriptor = ModuleFinder.of(Path.of("target/classes")).find("io.github.backoff.http")
        .orElseThrow().descriptor();

    assertThat(descriptor.exports()).extracting(ModuleDescriptor.Exports::source)
        .containsExactly("io.github.backoff.http");
    assertThat(descriptor.exports()).allMatch(e -> !e.isQualified());
    assertThat(descriptor.requires()).extracting(ModuleDescriptor.Requires::name)
        .containsExactlyInAnyOrder("java.base", "java.net.http", "io.github.backoff");
  }
}
