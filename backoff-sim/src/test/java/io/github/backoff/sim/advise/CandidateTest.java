package io.github.backoff.sim.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.BudgetKind;
import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.strategy.BackoffSpec;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CandidateTest {
  /** One of each shape: every budget, a preset, no limit (burst), a family without cap or multiplier. */
  static List<Candidate> samples() {
    List<Candidate> list = new ArrayList<>();
    for (String budget : Candidate.BUDGETS) {
      list.add(Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 4, budget));
    }
    list.add(Candidate.of("equal-jitter", Duration.ofMillis(1500), Duration.ofMinutes(1), 1.5, 3, "none"));
    list.add(Candidate.of("decorrelated-jitter", Duration.ofMillis(100), Duration.ofSeconds(10), 2, 0, "none"));
    list.add(Candidate.of("constant", Duration.ofMillis(200), Duration.ofSeconds(10), 2, 2, "none"));
    list.add(Candidate.of("exponential", Duration.ofMillis(25), Duration.ofMillis(500), 3, 5, "ratio"));
    list.add(Candidate.preset("aws-sdk-standard", true, "retry-quota"));
    list.add(Candidate.preset("google-http-client", true, "none"));
    list.add(Candidate.preset("google-drive", false, "none"));
    list.add(Candidate.preset("aws-simpledb", true, "none"));
    return list;
  }

  @Test
  void javaCode_compilesAndBuildsTheSamePolicy(@TempDir Path dir) throws Exception {
    List<Candidate> candidates = samples();
    List<Path> sources = new ArrayList<>();
    for (int i = 0; i < candidates.size(); i++) {
      StringBuilder imports = new StringBuilder();
      StringBuilder body = new StringBuilder();
      for (String line : candidates.get(i).javaCode().split("\n")) {
        (line.startsWith("import ") ? imports : body).append(line).append('\n');
      }
      String source = "package gen;\n" + imports + "public final class Advised" + i
          + " implements java.util.function.Supplier<RetryPolicy<Object>> {\n  public RetryPolicy<Object> get() {\n"
          + body + "    return policy;\n  }\n}\n";
      Path file = dir.resolve("gen/Advised" + i + ".java");
      Files.createDirectories(file.getParent());
      Files.writeString(file, source);
      sources.add(file);
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> args = new ArrayList<>(List.of("-d", dir.toString(), "-classpath",
        System.getProperty("java.class.path")));
    sources.forEach(p -> args.add(p.toString()));
    assertThat(javac.run(null, null, null, args.toArray(String[]::new))).as("javac exit code").isZero();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      for (int i = 0; i < candidates.size(); i++) {
        Candidate c = candidates.get(i);
        @SuppressWarnings("unchecked")
        RetryPolicy<Object> policy = ((Supplier<RetryPolicy<Object>>) loader.loadClass("gen.Advised" + i)
            .getConstructor().newInstance()).get();
        assertThat(delays(policy.backoff())).as(c.label()).containsExactly(delays(c.backoff()));
        int expectedAttempts = c.maxAttempts() == 0 ? Integer.MAX_VALUE : c.maxAttempts();
        assertThat(policy.maxAttempts()).as(c.label()).isEqualTo(expectedAttempts);
        assertThat(policy.budget().isPresent()).as(c.label()).isEqualTo(!c.budget().equals("none"));
        assertThat(policy.rateLimiter().isPresent()).as(c.label()).isEqualTo(c.budget().equals("adaptive"));
      }
    }
  }

  /** Ten delays, each drawn from the same seed, with the previous one passed back in. */
  private static long[] delays(Backoff backoff) {
    long[] d = new long[10];
    long previous = 0;
    for (int r = 1; r <= d.length; r++) {
      d[r - 1] = backoff.delayNanos(r, previous, new SplittableRandom(r));
      previous = d[r - 1];
    }
    return d;
  }

  @Test
  void springProperties_everyKeyIsOneTheStarterDocuments() throws IOException {
    String doc = Files.readString(Path.of("../docs/spring-boot.md"));
    Set<String> policyKeys = keysOfTable(doc, "key under `backoff.policies.NAME`");
    Set<String> budgetKeys = keysOfTable(doc, "key under `backoff.budgets.NAME`");
    assertThat(policyKeys).contains("strategy", "base", "cap", "multiplier", "max-attempts", "budget");
    assertThat(budgetKeys).contains("type");
    Pattern line = Pattern.compile("backoff\\.(policies|budgets)\\.advised\\.([a-z-]+)=(.+)");
    for (Candidate c : samples()) {
      for (String l : c.springProperties("advised").split("\n")) {
        if (l.startsWith("#")) {
          continue;
        }
        Matcher m = line.matcher(l);
        assertThat(m.matches()).as("%s: %s", c.label(), l).isTrue();
        assertThat(m.group(1).equals("policies") ? policyKeys : budgetKeys).as(l).contains(m.group(2));
        if (m.group(2).equals("strategy")) {
          assertThat(BackoffSpec.isKnown(m.group(3)) || Preset.names().contains(m.group(3))).as(l).isTrue();
        }
        if (m.group(2).equals("type")) {
          assertThat(BudgetKind.ids()).as(l).contains(m.group(3));
        }
        if (m.group(2).equals("base") || m.group(2).equals("cap")) {
          assertThat(m.group(3)).as("Spring Boot's simple duration format: %s", l).matches("[0-9]+(ns|us|ms|s|m|h)");
        }
      }
    }
  }

  private static Set<String> keysOfTable(String doc, String header) {
    int start = doc.indexOf(header);
    assertThat(start).as(header).isNotNegative();
    Set<String> keys = new LinkedHashSet<>();
    String[] lines = doc.substring(start).split("\n");
    for (int i = 2; i < lines.length && lines[i].startsWith("|"); i++) {
      String first = lines[i].substring(1, lines[i].indexOf('|', 1));
      Matcher m = Pattern.compile("`([a-z-]+)`").matcher(first);
      while (m.find()) {
        keys.add(m.group(1));
      }
    }
    return keys;
  }

  @Test
  void springProperties_budgetTheStarterCannotMake_isAComment() {
    String p = Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 3, "adaptive")
        .springProperties("orders");
    assertThat(p).contains("backoff.policies.orders.max-attempts=3\n")
        .contains("# budget adaptive: the starter's budget types are token-bucket, retry-quota, retry-quota-2026, ratio")
        .doesNotContain("backoff.budgets");
    assertThatThrownBy(() -> Candidate.preset("google-drive", true, "none").springProperties("a b"))
        .hasMessage("name: must be letters, digits, - and _: 'a b'");
  }

  @Test
  void springProperties_2026RetryQuota_isAStarterBudget() {
    assertThat(Candidate.preset("aws-sdk-2026", true, "retry-quota-2026").springProperties("orders"))
        .contains("backoff.policies.orders.budget=orders\n")
        .contains("backoff.budgets.orders.type=retry-quota-2026\n")
        .doesNotContain("#");
  }

  @Test
  void execFlags_writeTheStrategyAndLimit() {
    assertThat(Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 4, "token-bucket")
        .execFlags()).isEqualTo("--strategy full-jitter --base 50ms --cap 2s --multiplier 2 --max-attempts 4");
    assertThat(Candidate.of("equal-jitter", Duration.ofMillis(1500), Duration.ofMinutes(1), 1.5, 3, "none")
        .execFlags()).isEqualTo("--strategy equal-jitter --base 1500ms --cap 1m --multiplier 1.5 --max-attempts 3");
    assertThat(Candidate.preset("aws-sdk-standard", true, "retry-quota").execFlags())
        .isEqualTo("--strategy aws-sdk-standard --max-attempts 3");
  }

  @Test
  void simulateOptions_baseIsTheFirstWait_asInEveryCommand() {
    assertThat(Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 4, "token-bucket")
        .simulateOptions()).contains("--strategies full-jitter --base 50ms --cap 2s --max-attempts 4 "
            + "--policies token-bucket");
    assertThat(Candidate.of("decorrelated-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 1, "none")
        .simulateOptions()).contains("--strategies decorrelated-jitter --base 50ms --cap 2s --max-attempts 1 "
            + "--policies no-retry");
    assertThat(Candidate.of("exponential", Duration.ofMillis(25), Duration.ofMillis(500), 3, 5, "ratio")
        .simulateOptions()).isEmpty();
    assertThat(Candidate.preset("aws-simpledb", true, "none").simulateOptions()).isEmpty(); // no limit
    assertThat(Candidate.preset("aws-sdk-2026", true, "adaptive").simulateOptions())
        .contains("--strategies aws-sdk-2026 --max-attempts 3 --policies adaptive");
    assertThat(Candidate.preset("google-drive", false, "none").simulateOptions())
        .contains("--strategies google-drive");
  }

  @Test
  void label_andValidation() {
    assertThat(Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 4, "ratio").label())
        .isEqualTo("full-jitter 50ms..2s, 4 attempts, ratio");
    assertThat(Candidate.preset("aws-simpledb", true, "none").label())
        .isEqualTo("aws-simpledb (preset), no attempt limit");
    assertThatThrownBy(() -> Candidate.of("fibonacci", Duration.ofMillis(1), null, 2, 1, "none"))
        .hasMessageStartingWith("strategy: unknown strategy 'fibonacci' (known: none, constant,");
    assertThatThrownBy(() -> Candidate.of("full-jitter", Duration.ofMillis(1), null, 2, 1, "lottery"))
        .hasMessage("budget: unknown budget 'lottery' (known: none, token-bucket, retry-quota, ratio, "
            + "retry-quota-2026, adaptive)");
    assertThatThrownBy(() -> Candidate.of("full-jitter", Duration.ofMillis(1), null, 2, 101, "none"))
        .hasMessage("maxAttempts: must be in [0, 100]: 101");
    assertThatThrownBy(() -> Candidate.of("full-jitter", Duration.ofMillis(1), null, 2, 0, "ratio"))
        .hasMessage("budget: a candidate without an attempt limit has no budget: ratio");
    assertThatThrownBy(() -> Candidate.of("full-jitter", Duration.ofSeconds(2), Duration.ofSeconds(1), 2, 1, "none"))
        .hasMessageContaining("cap must be >= base");
    assertThat(Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 4, "ratio"))
        .isEqualTo(Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 4, "ratio"))
        .hasSameHashCodeAs(Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 4, "ratio"));
  }
}
