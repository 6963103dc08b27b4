package io.github.backoff.sim.report;

/**
 * Pieces of the models' HTML reports that each report wrote out again: the page head with its style sheet, a
 * parameter row and a numeric cell. Every piece escapes the text it is given.
 *
 * <p>Stateless; thread-safe.
 *
 * <pre>{@code
 * StringBuilder h = new StringBuilder();
 * Html.head(h, "overload", 1300);
 * Html.row(h, "queue", "100 requests");
 * }</pre>
 */
final class Html {
  private Html() {}

  /**
   * Appends the document's start up to and including {@code <body>}: the title {@code Backoff simulation: model}
   * and a style sheet for a page at most {@code maxWidth} pixels wide, with right-aligned {@code td.n} cells.
   */
  static void head(StringBuilder h, String model, int maxWidth) {
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>Backoff simulation: ").append(Numbers.html(model)).append("</title>\n")
        .append("<style>\n")
        .append("body{font-family:system-ui,sans-serif;margin:2em auto;max-width:").append(maxWidth)
        .append("px;color:#222;padding:0 1em}\n")
        .append("table{border-collapse:collapse;margin:1em 0;font-size:0.9em}\n")
        .append("th,td{border:1px solid #ccc;padding:0.25em 0.6em}td{white-space:nowrap}"
            + "td.n{text-align:right;font-variant-numeric:tabular-nums}.scroll{overflow-x:auto}\n")
        .append("th{background:#f2f2f2}img{max-width:100%;height:auto;border:1px solid #ddd}\n")
        .append("</style>\n</head>\n<body>\n");
  }

  /** Appends a table row of a heading cell and a value cell. */
  static void row(StringBuilder h, String name, String value) {
    h.append("<tr><th>").append(Numbers.html(name)).append("</th><td>").append(Numbers.html(value))
        .append("</td></tr>\n");
  }

  /** Appends a right-aligned numeric cell. */
  static void num(StringBuilder h, String text) {
    h.append("<td class=\"n\">").append(Numbers.html(text)).append("</td>");
  }
}
