package io.github.backoff.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.budget.BudgetKind;
import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.BackoffSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/spring-boot.md cannot drift from the registries: its preset table is {@link Preset#all()}, its strategy row
 * {@link BackoffSpec#NAMES}, its budget types {@link BudgetKind#ids()} with their parameters and defaults.
 */
class SpringBootDocTest {
  private static final Path DOC = Path.of("../docs/spring-boot.md");

  private static String doc() throws IOException {
    return Files.readString(DOC, StandardCharsets.UTF_8);
  }

  /** The rows the preset table must have, from the core; printed on a mismatch so that it can be pasted. */
  static String presetRows() {
    StringBuilder sb = new StringBuilder("| preset | what it is |\n|---|---|\n");
    for (Preset p : Preset.all()) {
      sb.append("| `").append(p.name()).append("` | ").append(p.summary()).append(" |\n");
    }
    return sb.toString();
  }

  @Test
  void presetTable_isEveryPresetOfTheCore() throws IOException {
    String doc = doc();
    String table = doc.substring(doc.indexOf("<!-- presets:begin -->\n") + "<!-- presets:begin -->\n".length(),
        doc.indexOf("<!-- presets:end -->"));

    assertThat(table).as("docs/spring-boot.md's preset table; expected:\n%s", presetRows()).isEqualTo(presetRows());
    assertThat(table).contains("`aws-sdk-2026`", "`aws-dynamodb-2026`");
  }

  @Test
  void strategyRow_namesEveryStrategy() throws IOException {
    String row = line(doc(), "| `strategy` |");

    String strategies = cell(row, 2);
    assertThat(codes(strategies.substring(0, strategies.indexOf("; or a preset"))))
        .containsExactlyElementsOf(BackoffSpec.NAMES);
  }

  @Test
  void budgetTypeRow_namesEveryBudgetKindWithItsDefaults() throws IOException {
    String doc = doc();

    assertThat(codes(cell(line(doc, "| `type` |"), 2))).containsExactlyElementsOf(BudgetKind.ids());
    for (BudgetKind kind : BudgetKind.values()) {
      List<String> keys = kind.parameters().stream().map(PolicyFactory::kebab).toList();
      // The row whose "for" cell is the kind (two quota kinds share their first key).
      String row = doc.lines().filter(l -> l.startsWith("| `") && l.split("\\|").length > 3
          && cell(l, 2).trim().equals(kind.id())).findFirst()
          .orElseThrow(() -> new AssertionError("no row for " + kind.id()));
      List<String> defaults = kind.defaults().values().stream()
          .map(v -> v instanceof java.time.Duration d ? d.toSeconds() + "s" : String.valueOf(v)).toList();
      assertThat(codes(cell(row, 1))).as(kind.id()).containsExactlyElementsOf(keys);
      assertThat(cell(row, 2).trim()).as(kind.id()).isEqualTo(kind.id());
      assertThat(cell(row, 3).trim()).as(kind.id()).isEqualTo(String.join(", ", defaults));
    }
  }

  private static String line(String doc, String start) {
    return doc.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(
        "no line starting with " + start));
  }

  /** Cell {@code i} of a table row (1 is the first). */
  private static String cell(String row, int i) {
    return row.split("\\|")[i];
  }

  private static List<String> codes(String text) {
    List<String> codes = new ArrayList<>();
    Matcher m = Pattern.compile("`([^`]+)`").matcher(text);
    while (m.find()) {
      codes.add(m.group(1));
    }
    return codes;
  }
}
