package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.GaveUp;
import io.github.backoff.event.LoggingRetryListener;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.ManualScheduler;
import io.github.backoff.testing.Randoms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's Java snippets, pasted into a fresh project, compile: each shows the imports of the types it uses
 * (checked here against the README itself), and the core's snippets are held here whole (the quickstart in
 * {@link QuickstartTest}; the presets snippet, which uses java.net.http, in backoff-http's
 * {@code ReadmePresetSnippetTest}), so they keep compiling and doing what the README says.
 */
class ReadmeSnippetsTest {
  static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
  /** JDK packages the README's snippets use; java.lang needs no import. */
  static final List<String> JDK_PACKAGES = List.of("java.io", "java.time", "java.util", "java.util.concurrent",
      "java.net", "java.net.http", "java.util.random");

  @Test
  void everyJavaSnippet_importsEveryTypeItUses() throws IOException {
    Map<String, String> projectTypes = projectTypes();
    assertThat(projectTypes).containsKeys("Backoff", "RetryPolicy", "LoggingRetryListener", "ManualScheduler");
    List<String> snippets = snippets(Files.readString(ROOT.resolve("README.md")));
    assertThat(snippets).hasSizeGreaterThanOrEqualTo(7);
    for (String snippet : snippets) {
      String code = snippet.lines().filter(l -> !l.startsWith("import ")).map(l -> l.replaceAll("//.*", "")
          .replaceAll("\"[^\"]*\"", "\"\"")).reduce("", (a, b) -> a + b + "\n");
      Matcher m = Pattern.compile("\\b([A-Z][A-Za-z0-9]*)\\b").matcher(code);
      while (m.find()) {
        String type = m.group(1);
        String qualified = projectTypes.get(type);
        if (qualified == null) {
          qualified = jdkType(type);
        }
        if (qualified != null) {
          assertThat(snippet).as("README snippet using %s:%n%s", type, snippet)
              .containsAnyOf("import " + qualified + ";", "import " + qualified.replaceAll("\\.[A-Z].*", "") + "."
                  + type + ";", "." + type + ";");
        }
      }
    }
  }

  @Test
  void eventsSnippet_compilesAndReportsGivingUp() {
    List<StopReason> gaveUp = new ArrayList<>();
    Metrics metrics = gaveUp::add;
    // --- README "Events" ---
    RetryPolicy<String> policy = RetryPolicy.<String>builder()
        .onEvent(LoggingRetryListener.create())   // "retry 3 after IOException: waiting 25 ms (at most 78 ms)"
        .onEvent(event -> {
          if (event instanceof GaveUp<?> g) metrics.gaveUp(g.reason());
        })
        .build();
    // --- end ---
    FakeClock clock = new FakeClock();
    Retrier<String> retrier = Retrier.builder(policy).withTicker(clock::nanoTime).withSleeper(clock::sleep).build();
    try {
      retrier.call(() -> {
        throw new IOException("down");
      });
    } catch (RetryException expected) {
      assertThat(gaveUp).containsExactly(expected.reason());
      return;
    }
    throw new AssertionError("the call cannot succeed");
  }

  interface Metrics {
    void gaveUp(StopReason reason);
  }

  @Test
  void budgetsSnippet_compiles() {
    // --- README "Retry budgets" ---
    RetryBudget budget = RetryBudget.tokenBucket(100, 0.1);     // gRPC retry throttling
    RetryPolicy<String> policy = RetryPolicy.<String>builder().withBudget(budget).build();
    // --- end ---
    assertThat(policy.budget()).contains(budget);
  }

  @Test
  void virtualTimeSnippet_compilesAndRetriesWithoutSleeping() {
    AtomicInteger calls = new AtomicInteger();
    FlakyService flakyService = () -> calls.incrementAndGet() < 3
        ? CompletableFuture.failedFuture(new IOException("down")) : CompletableFuture.completedFuture("ok");
    RetryPolicy<String> policy = RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(100))).withMaxAttempts(5).build();
    // --- README "Testing retry code in virtual time" ---
    ManualScheduler scheduler = new ManualScheduler();
    Retrier<String> retrier = Retrier.builder(policy)
        .withTicker(scheduler::nanoTime).withSleeper(scheduler::sleep).withScheduler(scheduler)
        .withRandom(Randoms.seeded(42))
        .build();
    CompletableFuture<String> result = retrier.callAsync(flakyService::fetch);
    scheduler.advance(Duration.ofSeconds(1));     // runs the retries that fall due, instantly
    // --- end ---
    assertThat(result).isCompletedWithValue("ok");
    assertThat(calls).hasValue(3);
  }

  interface FlakyService {
    CompletableFuture<String> fetch();
  }

  /** The fenced Java blocks of a Markdown text. */
  static List<String> snippets(String markdown) {
    List<String> found = new ArrayList<>();
    Matcher m = Pattern.compile("(?s)```java\\n(.*?)```").matcher(markdown);
    while (m.find()) {
      found.add(m.group(1));
    }
    return found;
  }

  /** Simple name to qualified name of every public type in the project's main sources. */
  static Map<String, String> projectTypes() throws IOException {
    Map<String, String> types = new HashMap<>();
    try (Stream<Path> files = Files.walk(ROOT)) {
      files.filter(f -> f.toString().contains("/src/main/java/") && f.toString().endsWith(".java")
              && !f.toString().contains("/target/") && !f.getFileName().toString().contains("-"))
          .forEach(f -> {
            String relative = f.toString().substring(f.toString().indexOf("/src/main/java/") + 15);
            String qualified = relative.substring(0, relative.length() - 5).replace('/', '.');
            types.put(f.getFileName().toString().replace(".java", ""), qualified);
          });
    }
    return types;
  }

  /** The qualified name of a JDK type outside java.lang that a snippet must import, or null. */
  static String jdkType(String simpleName) {
    for (String p : JDK_PACKAGES) {
      try {
        Class<?> c = Class.forName(p + "." + simpleName);
        return c.getName().replace('$', '.');
      } catch (ClassNotFoundException notThere) {
        // try the next package
      }
    }
    return null;
  }
}
