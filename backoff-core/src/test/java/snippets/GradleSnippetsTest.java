package snippets;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Gradle (Kotlin DSL) blocks of README.md come from {@code snippets/gradle/build.gradle.kts}; Gradle is not
 * part of this build, so this checks what can be checked without it: every artifact they name is one the BOM
 * manages.
 */
class GradleSnippetsTest {
  @Test
  void gradleSnippets_nameOnlyArtifactsOfTheBom() throws IOException {
    String script = Files.readString(DocSnippetsTest.ROOT.resolve(
        "backoff-core/src/test/resources/snippets/gradle/build.gradle.kts"));
    String bom = Files.readString(DocSnippetsTest.ROOT.resolve("backoff-bom/pom.xml"));
    List<String> named = new ArrayList<>();
    Matcher m = Pattern.compile("\"io\\.github\\.backoff:([\\w-]+)(:VERSION)?\"").matcher(script);
    while (m.find()) {
      named.add(m.group(1));
    }

    assertThat(named).contains("backoff-bom", "backoff-core", "backoff-testing");
    for (String artifact : named) {
      if (!artifact.equals("backoff-bom")) {
        assertThat(bom).as("backoff-bom/pom.xml manages %s", artifact)
            .contains("<artifactId>" + artifact + "</artifactId>");
      }
    }
  }
}
