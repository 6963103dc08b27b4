package io.github.backoff.cli;

import io.github.backoff.strategy.BackoffSchedule;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/** The text formats of {@code backoff schedule}: a table for people, CSV samples and JSON rows for programs. */
final class ScheduleReport {
  private static final String[] HEADERS = {"retry", "min", "max", "median", "p90", "worst-case total"};

  private ScheduleReport() {}

  /** One row per retry, columns aligned, durations in human units. */
  static void table(BackoffSchedule schedule, String name, String description, long seed, PrintWriter out) {
    out.println(name + ": " + description);
    out.println(schedule.samples() + " sampled sequences of " + schedule.retries() + " retries, seed " + seed);
    out.println();
    List<BackoffSchedule.Row> rows = schedule.rows();
    String[][] cells = new String[rows.size() + 1][];
    cells[0] = HEADERS;
    for (int i = 0; i < rows.size(); i++) {
      BackoffSchedule.Row row = rows.get(i);
      cells[i + 1] = new String[] {Integer.toString(row.retry()), human(row.minNanos()), human(row.maxNanos()),
          human(row.medianNanos()), human(row.p90Nanos()), human(row.worstCaseCumulativeNanos())};
    }
    int[] widths = new int[HEADERS.length];
    for (String[] line : cells) {
      for (int c = 0; c < line.length; c++) {
        widths[c] = Math.max(widths[c], line[c].length());
      }
    }
    for (String[] line : cells) {
      StringBuilder sb = new StringBuilder();
      for (int c = 0; c < line.length; c++) {
        sb.append(c == 0 ? "" : "   ").append(" ".repeat(widths[c] - line[c].length())).append(line[c]);
      }
      out.println(sb);
    }
  }

  /** Header {@code retry,delay_ms}, then every sample, sequence by sequence, in milliseconds. */
  static void csv(BackoffSchedule schedule, PrintWriter out) {
    StringBuilder sb = new StringBuilder(64 * 1024);
    out.println("retry,delay_ms");
    for (int s = 0; s < schedule.samples(); s++) {
      for (int r = 1; r <= schedule.retries(); r++) {
        sb.append(r).append(',').append(millis(schedule.sampleNanos(s, r))).append('\n');
      }
      if (sb.length() > 60 * 1024) {
        out.print(sb);
        sb.setLength(0);
      }
    }
    out.print(sb);
  }

  /** The table as JSON: an object with the strategy and one object per retry, durations in milliseconds. */
  static void json(BackoffSchedule schedule, String name, String description, long seed, PrintWriter out) {
    StringBuilder sb = new StringBuilder();
    sb.append("{\n  \"strategy\": ").append(quote(name))
        .append(",\n  \"description\": ").append(quote(description))
        .append(",\n  \"retries\": ").append(schedule.retries())
        .append(",\n  \"samples\": ").append(schedule.samples())
        .append(",\n  \"seed\": ").append(seed)
        .append(",\n  \"rows\": [");
    List<BackoffSchedule.Row> rows = schedule.rows();
    for (int i = 0; i < rows.size(); i++) {
      BackoffSchedule.Row row = rows.get(i);
      sb.append(i == 0 ? "\n" : ",\n")
          .append("    {\"retry\": ").append(row.retry())
          .append(", \"min_ms\": ").append(millis(row.minNanos()))
          .append(", \"max_ms\": ").append(millis(row.maxNanos()))
          .append(", \"median_ms\": ").append(millis(row.medianNanos()))
          .append(", \"p90_ms\": ").append(millis(row.p90Nanos()))
          .append(", \"worst_case_cumulative_ms\": ").append(millis(row.worstCaseCumulativeNanos()))
          .append('}');
    }
    sb.append("\n  ]\n}");
    out.println(sb);
  }

  /** Exact milliseconds as a plain decimal: {@code 51.2}, {@code 1500}, {@code 0}. */
  static String millis(long nanos) {
    return BigDecimal.valueOf(nanos, 6).stripTrailingZeros().toPlainString();
  }

  /** A short human form with at most three decimals: {@code 0}, {@code 51.2 us}, {@code 250 ms}, {@code 1.5 s}, {@code 65.5 s}. */
  static String human(long nanos) {
    if (nanos == Long.MAX_VALUE) {
      return "forever";
    }
    if (nanos == 0) {
      return "0";
    }
    if (nanos < 1_000L) {
      return nanos + " ns";
    }
    if (nanos < 1_000_000L) {
      return decimal(nanos, 1_000L) + " us";
    }
    if (nanos < 1_000_000_000L) {
      return decimal(nanos, 1_000_000L) + " ms";
    }
    // Each unit serves up to ten of the next one, so neighbouring rows tend to share a unit: 65.5 s, not 1.092 min.
    if (nanos < 600_000_000_000L) {
      return decimal(nanos, 1_000_000_000L) + " s";
    }
    if (nanos < 36_000_000_000_000L) {
      return decimal(nanos, 60_000_000_000L) + " min";
    }
    if (nanos < 864_000_000_000_000L) {
      return decimal(nanos, 3_600_000_000_000L) + " h";
    }
    return decimal(nanos, 86_400_000_000_000L) + " d";
  }

  private static String decimal(long nanos, long unit) {
    return BigDecimal.valueOf(nanos).divide(BigDecimal.valueOf(unit), 3, RoundingMode.HALF_UP)
        .stripTrailingZeros().toPlainString();
  }

  static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"':
          sb.append("\\\"");
          break;
        case '\\':
          sb.append("\\\\");
          break;
        case '\n':
          sb.append("\\n");
          break;
        case '\r':
          sb.append("\\r");
          break;
        case '\t':
          sb.append("\\t");
          break;
        default:
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
      }
    }
    return sb.append('"').toString();
  }
}
