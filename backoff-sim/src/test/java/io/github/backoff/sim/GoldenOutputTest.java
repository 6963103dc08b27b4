package io.github.backoff.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.StrategyLookup;
import io.github.backoff.sim.spi.Study;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The default run of every model, with a fixed seed (and fewer runs where a run is long), pinned as the users see
 * it: the file names, every CSV byte for byte, the terminal summary, and the HTML report's text (its charts and
 * its wall-clock timings taken out, since those are images and measurements). Recorded before the simulator's
 * report layers were merged into one, so a restructuring that changes what users see fails here.
 *
 * <p>To re-record after an intended change (say why in the commit), run with {@code -Dgolden.update=true}: the
 * files under {@code src/test/resources/golden} are rewritten.
 *
 * <p>The files must come out the same on every JDK the build runs on (17 and 25): occ, single-server and hedging
 * were re-recorded once, when the models' normal draws moved from the JDK's {@code nextGaussian()}, whose bits
 * differ between JDK 17 and 25, to {@code engine.Normal} (see docs/simulator.md, "Determinism").
 */
class GoldenOutputTest {
  private static final Path GOLDEN = Path.of("src/test/resources/golden");
  private static final Pattern PNG = Pattern.compile("data:image/png;base64,[A-Za-z0-9+/=]+");
  private static final Pattern TIMING = Pattern.compile(" in [0-9.,]+ s( \\([0-9.,]+ events/s\\))?");

  static Stream<Object[]> cases() {
    return Stream.of(
        new Object[] {"occ", "occ", Map.of("runs", "10")},
        new Object[] {"single-server", "single-server", Map.of("runs", "10")},
        new Object[] {"overload", "overload", Map.of("runs", "2")},
        new Object[] {"overload-throttling", "overload", Map.of("runs", "2", "server", "throttling")},
        new Object[] {"hedging", "hedging", Map.of("runs", "1", "requests", "20000")});
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void defaultRun_fixedSeed_matchesGoldenOutput(String name, String model, Map<String, String> options,
      @org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    Map<String, String> settings = new LinkedHashMap<>(options);
    settings.put("seed", "42");
    settings.put("threads", "2");
    settings.put("out", dir.toString());
    Study study = Simulation.study(ModelRegistry.defaults(), model, Settings.of(settings), StrategyLookup.NONE);
    Simulation.Outcome outcome = Simulation.run(study, ProgressListener.NONE);

    Map<String, String> actual = new LinkedHashMap<>();
    List<String> names = new ArrayList<>();
    for (Path file : outcome.files()) {
      names.add(file.getFileName().toString());
    }
    actual.put("files.txt", String.join("\n", names) + "\n");
    actual.put("summary.txt", outcome.summary());
    for (String file : names) {
      if (file.endsWith(".csv")) {
        actual.put(file, Files.readString(dir.resolve(file), StandardCharsets.UTF_8));
      } else if (file.endsWith(".html")) {
        actual.put(file + ".txt", htmlText(Files.readString(dir.resolve(file), StandardCharsets.UTF_8), dir));
      } else {
        assertThat(Files.readAllBytes(dir.resolve(file))).as(file).startsWith(0x89, 'P', 'N', 'G');
      }
    }

    Path golden = GOLDEN.resolve(name);
    if (Boolean.getBoolean("golden.update")) {
      Files.createDirectories(golden);
      actual.forEach((file, text) -> write(golden.resolve(file), text));
      return;
    }
    for (Map.Entry<String, String> e : actual.entrySet()) {
      assertThat(e.getValue()).as(name + "/" + e.getKey())
          .isEqualTo(Files.readString(golden.resolve(e.getKey()), StandardCharsets.UTF_8));
    }
  }

  /** The page with its images and timings replaced by placeholders, and the temporary directory by {@code OUT}. */
  private static String htmlText(String html, Path dir) {
    String text = PNG.matcher(html).replaceAll("data:image/png;base64,PNG");
    text = TIMING.matcher(text).replaceAll(" in T s");
    return text.replace(dir.toString(), "OUT");
  }

  private static void write(Path file, String text) {
    try {
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
