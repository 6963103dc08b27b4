package io.github.backoff.sim.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A table a model declares for its reports: a header and rows of cells, already formatted as the reader should see
 * them ({@link Numbers}). The report layer writes it as a CSV file (cells joined by {@code ,}, lines ending in
 * {@code \n}, no quoting: cells hold no commas, quotes or line breaks) or as an HTML table.
 *
 * <p>Immutable and thread-safe once built; the builder is not thread-safe.
 *
 * <pre>{@code
 * Table table = Table.builder("policy", "strategy", "runs").row("retries", "full-jitter", "5").build();
 * String csv = table.csv(); // "policy,strategy,runs\nretries,full-jitter,5\n"
 * }</pre>
 *
 * @param header the column names
 * @param rows the rows, each as long as the header
 */
public record Table(List<String> header, List<List<String>> rows) {

  /**
   * Copies the lists.
   *
   * @throws IllegalArgumentException if a row's length differs from the header's
   */
  public Table {
    header = List.copyOf(header);
    rows = rows.stream().map(List::copyOf).toList();
    for (List<String> row : rows) {
      if (row.size() != header.size()) {
        throw new IllegalArgumentException("row of " + row.size() + " cells under a header of " + header.size()
            + ": " + row);
      }
    }
  }

  /** A builder of a table with these column names. */
  public static Builder builder(String... header) {
    return new Builder(List.of(header));
  }

  /** A builder of a table with these column names. */
  public static Builder builder(List<String> header) {
    return new Builder(header);
  }

  /** The table as CSV text: the header line, then one line per row. */
  public String csv() {
    StringBuilder sb = new StringBuilder(64 * (rows.size() + 1));
    sb.append(String.join(",", header)).append('\n');
    for (List<String> row : rows) {
      for (int i = 0; i < row.size(); i++) {
        if (i > 0) {
          sb.append(',');
        }
        sb.append(row.get(i));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** Builds a {@link Table} row by row. Not thread-safe. */
  public static final class Builder {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    private Builder(List<String> header) {
      this.header = List.copyOf(header);
    }

    /** Adds a row. */
    public Builder row(String... cells) {
      rows.add(Arrays.asList(cells.clone()));
      return this;
    }

    /** Adds a row. */
    public Builder row(List<String> cells) {
      rows.add(new ArrayList<>(Objects.requireNonNull(cells, "cells")));
      return this;
    }

    /** The table. */
    public Table build() {
      return new Table(header, rows);
    }
  }
}
