package io.github.backoff.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The BOM lists every published module: a module added to the root reactor but not to backoff-bom/pom.xml fails
 * here, so merging a new module keeps the BOM complete.
 */
class BomCompletenessTest {
  /**
   * Modules that are not published (backoff-jcstress: a module of the -Pjcstress profile only; backoff-testbed: the
   * simulator checked against a real server, docs/advise.md; backoff-boot3-compat: the Spring modules' tests on
   * Spring Boot 3.5, a module of the -Pspring-boot-3.5 profile only; backoff-llm-check: LLM framework clients against
   * a loopback fake, tests only, docs/llm.md), or are the BOM.
   */
  static final Set<String> NOT_IN_BOM = Set.of("backoff-bench", "backoff-bom", "backoff-boot3-compat",
      "backoff-jcstress", "backoff-llm-check", "backoff-testbed");

  static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

  @Test
  void bom_listsEveryPublishedModuleOfTheReactor() throws Exception {
    List<String> modules = all(Files.readString(ROOT.resolve("pom.xml")), "<module>([^<]+)</module>");
    assertThat(modules).contains("backoff-core", "backoff-cli", "backoff-bom");
    List<String> managed = managedArtifacts();
    for (String module : modules) {
      if (!NOT_IN_BOM.contains(module)) {
        assertThat(managed).as("backoff-bom/pom.xml manages module %s of the root pom", module).contains(module);
      }
    }
  }

  @Test
  void bom_listsTheDistributionArchivesByType() throws Exception {
    String bom = Files.readString(ROOT.resolve("backoff-bom/pom.xml"));
    List<String> dist = all(bom, "(?s)<dependency>(\\s*<groupId>io.github.backoff</groupId>\\s*<artifactId>backoff-dist</artifactId>.*?)"
        + "</dependency>");
    assertThat(dist).hasSize(2);
    assertThat(dist.get(0)).contains("<type>tar.gz</type>");
    assertThat(dist.get(1)).contains("<type>zip</type>");
  }

  @Test
  void bom_everyEntryIsOurGroupAtTheProjectVersion() throws Exception {
    String bom = Files.readString(ROOT.resolve("backoff-bom/pom.xml"));
    String management = bom.substring(bom.indexOf("<dependencyManagement>"), bom.indexOf("</dependencyManagement>"));
    List<String> dependencies = all(management, "(?s)<dependency>(.*?)</dependency>");
    assertThat(dependencies).hasSizeGreaterThanOrEqualTo(5);
    for (String d : dependencies) {
      assertThat(d).contains("<groupId>io.github.backoff</groupId>", "<version>${project.version}</version>")
          .doesNotContain("<scope>");
    }
  }

  @Test
  void bom_hasNoParent_soOurBuildsThirdPartyVersionsDoNotLeakIntoUsersBuilds() throws Exception {
    String bom = Files.readString(ROOT.resolve("backoff-bom/pom.xml"));
    assertThat(bom).doesNotContain("<parent>");
    String root = Files.readString(ROOT.resolve("pom.xml"));
    assertThat(first(bom, "<version>([^<]+)</version>")).isEqualTo(first(root.substring(root.indexOf("</groupId>")),
        "<version>([^<]+)</version>"));
  }

  private static List<String> managedArtifacts() throws Exception {
    return all(Files.readString(ROOT.resolve("backoff-bom/pom.xml")), "<artifactId>([^<]+)</artifactId>");
  }

  private static List<String> all(String text, String regex) {
    List<String> found = new ArrayList<>();
    Matcher m = Pattern.compile(regex).matcher(text);
    while (m.find()) {
      found.add(m.group(1).strip());
    }
    return found;
  }

  private static String first(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    assertThat(m.find()).isTrue();
    return m.group(1);
  }
}
