package io.github.backoff.cli.lint;

import java.util.List;

/**
 * What a linter made of one file: the findings, in document order, and (for {@code --explain}) what the client will
 * really do, one line per method.
 *
 * @param findings problems and notes
 * @param explanation the schedule each method will really get
 */
public record Lint(List<Finding> findings, List<String> explanation) {
  /** Copies the lists. */
  public Lint {
    findings = List.copyOf(findings);
    explanation = List.copyOf(explanation);
  }

  /** Whether any finding is a problem (not only notes). */
  public boolean hasProblems() {
    return findings.stream().anyMatch(f -> !f.note());
  }
}
