package io.github.backoff.sim.advise;

import io.github.backoff.sim.report.Chart;
import io.github.backoff.sim.report.Numbers;
import io.github.backoff.sim.report.Page;
import io.github.backoff.sim.report.Report;
import io.github.backoff.sim.report.Table;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The advice's reports, declared for the simulator's one report layer: {@code candidates.csv} (the final check),
 * {@code search.csv} (every searched candidate), {@code pareto.png}, {@code report.html} and the terminal summary.
 * Stateless and thread-safe.
 */
final class AdviceReport {
  static final String CANDIDATES_CSV = "candidates.csv";
  static final String SEARCH_CSV = "search.csv";
  static final String PARETO_PNG = "pareto.png";
  static final String REPORT_HTML = "report.html";
  /** The policy name in the Spring Boot properties. */
  static final String POLICY_NAME = "advised";

  private AdviceReport() {}

  static Report report(Advice advice) {
    return Report.builder()
        .csv(CANDIDATES_CSV, candidates(advice))
        .csv(SEARCH_CSV, searched(advice))
        .chart(PARETO_PNG, chart(advice))
        .page(REPORT_HTML, page(advice))
        .summary(summary(advice))
        .build();
  }

  /** The metrics a reader looks at first: the objective's, the constraints', requests and completion. */
  private static List<String> shown(Advice advice) {
    Set<String> names = new LinkedHashSet<>();
    names.add(advice.objective().metric());
    for (Objective.Constraint c : advice.objective().constraints()) {
      if (!c.metric().equals(Metrics.MAX_ATTEMPTS)) {
        names.add(c.metric());
      }
    }
    names.add("requests");
    names.add(advice.metrics().get(advice.metrics().completion()).name());
    if (!advice.scenario().isBurst()) {
      names.add("lost");
    }
    return List.copyOf(names);
  }

  private static String show(Advice advice, String metric, double value) {
    return advice.metrics().show(metric, value);
  }

  /** The mean and its interval; just "never" for a recovery no run reached. */
  private static String withInterval(Advice advice, String metric, Estimate e) {
    if (advice.metrics().never(metric, e.mean())) {
      return "never";
    }
    return show(advice, metric, e.mean()) + " [" + show(advice, metric, e.low()) + ", "
        + show(advice, metric, e.high()) + "]";
  }

  private static Table candidates(Advice advice) {
    List<String> header = new ArrayList<>(List.of("rank", "candidate", "reference", "feasible", "pareto", "seeds"));
    for (Metrics.Metric m : advice.metrics().list()) {
      header.addAll(List.of(m.name() + "_mean", m.name() + "_low", m.name() + "_high"));
    }
    header.add("simulate_options");
    Table.Builder t = Table.builder(header);
    for (Advice.Entry e : advice.ranked()) {
      List<String> row = new ArrayList<>(List.of(Integer.toString(e.rank()), csvText(e.candidate().label()),
          yes(e.reference()), yes(e.feasible()), yes(e.pareto()), Integer.toString(e.figure("requests").n())));
      for (Metrics.Metric m : advice.metrics().list()) {
        Estimate est = e.figure(m.name());
        boolean never = advice.metrics().never(m.name(), est.mean()); // an empty cell: never (docs/advise.md)
        row.addAll(never ? List.of("", "", "") : List.of(num(est.mean()), num(est.low()), num(est.high())));
      }
      row.add(e.candidate().simulateOptions().map(o -> advice.scenario().simulateOptions() + " " + o).orElse(""));
      t.row(row);
    }
    return t.build();
  }

  private static Table searched(Advice advice) {
    List<String> header = new ArrayList<>(List.of("candidate", "seeds", "round_left", "why"));
    for (Metrics.Metric m : advice.metrics().list()) {
      header.add(m.name() + "_mean");
    }
    Table.Builder t = Table.builder(header);
    for (Advice.Searched s : advice.searched()) {
      List<String> row = new ArrayList<>(List.of(csvText(s.candidate().label()), Integer.toString(s.seeds()),
          s.round() < 0 ? "" : Integer.toString(s.round()), csvText(s.why())));
      for (Metrics.Metric m : advice.metrics().list()) {
        double mean = s.means().get(m.name());
        row.add(advice.metrics().never(m.name(), mean) ? "" : num(mean));
      }
      t.row(row);
    }
    return t.build();
  }

  /** CSV cells hold no commas or quotes: the labels' commas become semicolons. */
  private static String csvText(String s) {
    return s.replace(',', ';').replace('"', '\'');
  }

  private static String yes(boolean b) {
    return b ? "yes" : "no";
  }

  private static String num(double d) {
    return Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%.6g", d);
  }

  private static Chart chart(Advice advice) {
    String completion = advice.metrics().get(advice.metrics().completion()).name();
    // Searched candidates far off the final check's range (synchronised retries, say) would squash the chart:
    // they are left out, and the title says how many.
    double maxX = advice.ranked().stream().mapToDouble(e -> e.figure("requests").mean()).max().orElse(0);
    double maxY = advice.ranked().stream().mapToDouble(e -> e.figure(completion).mean()).max().orElse(0);
    List<Advice.Searched> searched = advice.searched().stream()
        .filter(s -> s.means().get("requests") <= 1.5 * maxX && s.means().get(completion) <= 1.5 * maxY).toList();
    int off = advice.searched().size() - searched.size();
    Chart.Builder chart = Chart.builder("Requests against " + completion + " (means; final check on "
        + advice.finalSeeds() + " fresh seeds" + (off > 0 ? "; " + off + " searched candidates off the chart" : "")
        + ")", "requests at the server per run", completion + " (s)", 900, 560)
        .legend(Chart.Legend.BELOW).patterns("#,##0", null);
    if (!searched.isEmpty()) {
      chart.line(Chart.Line.of("searched (search seeds)",
          searched.stream().mapToDouble(s -> s.means().get("requests")).toArray(),
          searched.stream().mapToDouble(s -> s.means().get(completion)).toArray())
          .style(Chart.Style.POINTS).color(0xBBBBBB));
    }
    List<Advice.Entry> front = advice.paretoFront();
    // Short labels: the legend below the chart must fit its 900 px whole.
    chart.line(Chart.Line.of(advice.met() ? "Pareto front, meeting the constraints" : "Pareto front",
        front.stream().mapToDouble(e -> e.figure("requests").mean()).toArray(),
        front.stream().mapToDouble(e -> e.figure(completion).mean()).toArray()).color(0x1F77B4));
    List<Advice.Entry> refs = advice.references();
    if (!refs.isEmpty()) {
      chart.line(Chart.Line.of("presets and defaults",
          refs.stream().mapToDouble(e -> e.figure("requests").mean()).toArray(),
          refs.stream().mapToDouble(e -> e.figure(completion).mean()).toArray())
          .style(Chart.Style.POINTS).color(0xD62728));
    }
    // Added last, so drawn on top of every other point.
    advice.recommendation().ifPresent(r -> chart.line(Chart.Line.of("recommended",
        new double[] {r.figure("requests").mean()}, new double[] {r.figure(completion).mean()})
        .style(Chart.Style.POINTS).color(0x2CA02C)));
    return chart.build();
  }

  private static Table table(Advice advice, List<Advice.Entry> entries, boolean html) {
    List<String> metrics = shown(advice);
    List<String> header = new ArrayList<>(List.of("rank", "candidate", "meets constraints", "on the front"));
    for (String m : metrics) {
      header.add(m + (html ? " (95 % interval)" : ""));
    }
    Table.Builder t = Table.builder(header);
    for (Advice.Entry e : entries) {
      List<String> row = new ArrayList<>(List.of(Integer.toString(e.rank()),
          e.candidate().label() + (e.reference() ? " *" : ""),
          e.feasible() && marginal(advice, e) ? "by its mean" : yes(e.feasible()), yes(e.pareto())));
      for (String m : metrics) {
        row.add(withInterval(advice, m, e.figure(m)));
      }
      t.row(row);
    }
    return t.build();
  }

  private static Page page(Advice advice) {
    Scenario s = advice.scenario();
    List<String[]> parameters = new ArrayList<>();
    s.values().forEach((k, v) -> {
      if (!k.equals("objective") && !k.equals("constraints")) { // shown once, parsed, below
        parameters.add(new String[] {k, v});
      }
    });
    parameters.add(new String[] {"objective", advice.objective().toString()});
    parameters.add(new String[] {"seed", Long.toString(advice.seed())});
    parameters.add(new String[] {"threads", Integer.toString(advice.threads())});
    parameters.add(new String[] {"search", advice.searched().size() + " candidates, " + advice.rounds()
        + " rounds of successive halving with racing, common random numbers"});
    parameters.add(new String[] {"final check", advice.ranked().size() + " candidates on " + advice.finalSeeds()
        + " fresh seeds each"});
    parameters.add(new String[] {"runs", Numbers.grouped(advice.runs(), 0) + " in "
        + Numbers.grouped(advice.elapsed().toNanos() / 1e9, 1) + " s"});
    Page.Builder page = Page.builder("advise", 1300).title("Backoff advise: the retry policy for this scenario")
        .text("The retry policy for this scenario, found by simulation: a search over strategies, their "
            + "parameters, attempt limits and budgets, then a final check of the best, the Pareto front and the "
            + "presets on fresh seeds. Figures are means over seeds with 95 % t-intervals. Presets and defaults "
            + "are marked *.")
        .text("Scenario: " + s.describe() + ".") // a paragraph, which wraps: a table cell would run off the page
        .parameters(parameters);
    StringBuilder answer = new StringBuilder();
    if (advice.recommendation().isPresent()) {
      Advice.Entry r = advice.recommendation().get();
      Candidate c = r.candidate();
      answer.append("<h2>Recommended</h2>\n<p><b>").append(Numbers.html(c.label())).append("</b>");
      if (!r.confident()) {
        answer.append(" (it meets the constraints by its means only: no candidate meets them with its whole "
            + "interval)");
      }
      for (String m : shown(advice)) {
        answer.append("<br>").append(Numbers.html(m)).append(": ")
            .append(Numbers.html(withInterval(advice, m, r.figure(m))));
      }
      List<String> why = why(advice);
      if (!why.isEmpty()) {
        answer.append("</p>\n<h3>Why this one</h3>\n<ul>\n");
        why.forEach(w -> answer.append("<li>").append(Numbers.html(w)).append("</li>\n"));
        answer.append("</ul>\n<p>");
      }
      answer.append("</p>\n<h3>Java</h3>\n<pre>").append(Numbers.html(c.javaCode())).append("</pre>\n")
          .append("<h3>Spring Boot (application.properties)</h3>\n<pre>")
          .append(Numbers.html(c.springProperties(POLICY_NAME))).append("</pre>\n")
          .append("<h3>backoff exec</h3>\n<pre>backoff exec ").append(Numbers.html(c.execFlags()))
          .append(" -- COMMAND</pre>\n");
      // a long command wraps instead of running off the page
      c.simulateOptions().ifPresent(o -> answer.append("<h3>backoff simulate</h3>\n")
          .append("<pre style=\"white-space:pre-wrap\">backoff simulate ")
          .append(Numbers.html(s.simulateOptions() + " " + o)).append("</pre>\n"));
    } else {
      answer.append("<h2>No candidate meets the constraints</h2>\n<ul>\n");
      for (Advice.Binding b : advice.binding()) {
        answer.append("<li>").append(Numbers.html(b.text())).append("</li>\n");
      }
      answer.append("</ul>\n");
    }
    page.markup(answer.toString())
        .heading("Pareto front: requests against completion")
        .figure("pareto-chart", "Requests against completion time: searched candidates, the Pareto front, "
            + "presets and the recommendation", PARETO_PNG, true)
        .table("pareto", table(advice, advice.paretoFront(), true), 4, true)
        .heading("Final check, ranked (fresh seeds)")
        .table("ranked", table(advice, advice.ranked(), true), 4, true)
        .heading("Presets and defaults beside it")
        .table("references", table(advice, advice.references(), true), 4, true)
        .markup("<h2>Search</h2>\n<p>Every candidate searched, with its means over the seeds it had (also in "
            + "<code>search.csv</code>).</p>\n")
        .table("search", searched(advice), 4, true);
    return page.build();
  }

  static String summary(Advice advice) {
    StringBuilder sb = new StringBuilder();
    sb.append("scenario: ").append(advice.scenario().describe()).append('\n');
    sb.append("objective: ").append(advice.objective()).append('\n');
    sb.append(String.format(Locale.ROOT, "searched %d candidates in %d rounds, then %d on %d fresh seeds: %,d runs "
        + "in %.1f s%n%n", advice.searched().size(), advice.rounds(), advice.ranked().size(), advice.finalSeeds(),
        advice.runs(), advice.elapsed().toNanos() / 1e9));
    List<String> metrics = shown(advice);
    int width = Math.max(12, advice.ranked().stream().mapToInt(e -> e.candidate().label().length() + 2).max()
        .orElse(12));
    sb.append(Numbers.right("#", 3)).append("  ").append(Numbers.left("candidate (* preset or default)", width));
    for (String m : metrics) {
      sb.append(Numbers.right(m, 28));
    }
    sb.append('\n');
    for (Advice.Entry e : advice.ranked()) {
      String flag = !e.feasible() ? " !" : marginal(advice, e) ? " ?" : "  ";
      sb.append(Numbers.right(Integer.toString(e.rank()), 3)).append(flag)
          .append(Numbers.left(e.candidate().label() + (e.reference() ? " *" : ""), width));
      for (String m : metrics) {
        sb.append(Numbers.right(withInterval(advice, m, e.figure(m)), 28));
      }
      sb.append('\n');
    }
    sb.append("(means over ").append(advice.finalSeeds())
        .append(" fresh seeds, [95 % t-interval]; ! misses a constraint; ? meets it by its mean, but the interval "
            + "crosses the limit)\n\n");
    if (advice.recommendation().isPresent()) {
      Candidate c = advice.recommendation().get().candidate();
      sb.append("recommended: ").append(c.label())
          .append(advice.recommendation().get().confident() ? "" : " (it meets the constraints by its means only: "
              + "no candidate meets them with its whole interval)")
          .append(why(advice).stream().map(w -> "\n  why: " + w).reduce("", String::concat))
          .append("\n\nJava:\n").append(indent(c.javaCode()))
          .append("\nSpring Boot (application.properties):\n").append(indent(c.springProperties(POLICY_NAME)))
          .append("\nbackoff exec:\n  backoff exec ").append(c.execFlags()).append(" -- COMMAND\n");
      c.simulateOptions().ifPresent(o -> sb.append("\nbackoff simulate (the same policy in the simulator):\n  "
          + "backoff simulate ").append(advice.scenario().simulateOptions()).append(' ').append(o).append('\n'));
    } else {
      sb.append("no candidate meets the constraints:\n");
      for (Advice.Binding b : advice.binding()) {
        sb.append("  ").append(b.text()).append('\n');
      }
    }
    return sb.toString();
  }

  /**
   * Why the recommendation, in a few plain sentences: what it gains over the best-ranked preset or default and what
   * it gives up, the candidates it ties with exactly, and what a completion percentile counts. Empty without a
   * recommendation.
   */
  static List<String> why(Advice advice) {
    List<String> lines = new ArrayList<>();
    if (advice.recommendation().isEmpty()) {
      return lines;
    }
    Advice.Entry r = advice.recommendation().get();
    String goal = advice.objective().metric();
    List<String> compared = new ArrayList<>(List.of(goal));
    for (String m : List.of("lost", "requests")) {
      if (!compared.contains(m) && advice.metrics().index(m) >= 0) {
        compared.add(m);
      }
    }
    advice.ranked().stream().filter(e -> e.reference() && e != r && !e.candidate().equals(r.candidate()))
        .findFirst().ifPresent(p -> {
          StringBuilder sb = new StringBuilder("against the best-ranked preset or default, ")
              .append(p.candidate().label()).append(" (#").append(p.rank()).append(p.feasible() ? "" : ", misses "
                  + "a constraint").append("): ");
          for (int i = 0; i < compared.size(); i++) {
            String m = compared.get(i);
            sb.append(i == 0 ? "" : ", ").append(m).append(' ').append(show(advice, m, r.figure(m).mean()))
                .append(" against ").append(show(advice, m, p.figure(m).mean()));
          }
          lines.add(sb.toString());
        });
    List<String> ties = new ArrayList<>();
    for (Advice.Entry e : advice.ranked()) {
      if (e != r && sameFigures(advice, e, r)) {
        ties.add(e.candidate().label());
      }
    }
    if (!ties.isEmpty()) {
      lines.add("it ties exactly with " + String.join("; ", ties) + " (the same figures on every metric: "
          + "with this scenario they make the same decisions); the first in the ranking's order is recommended");
    }
    if (!advice.metrics().burst() && goal.startsWith("completion")) {
      lines.add(goal + " counts the requests that succeeded only: a policy that gives up early looks fast, so "
          + "read it beside lost (" + show(advice, "lost", r.figure("lost").mean()) + " here)");
    }
    return lines;
  }

  private static boolean sameFigures(Advice advice, Advice.Entry a, Advice.Entry b) {
    for (Metrics.Metric m : advice.metrics().list()) {
      if (Double.compare(a.figure(m.name()).mean(), b.figure(m.name()).mean()) != 0) {
        return false;
      }
    }
    return true;
  }

  /** Whether a feasible entry's interval crosses the limit of some constraint: met by the mean only. */
  static boolean marginal(Advice advice, Advice.Entry e) {
    return e.feasible() && !e.confident();
  }

  private static String indent(String text) {
    StringBuilder sb = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      if (!line.isEmpty()) {
        sb.append("  ").append(line);
      }
      sb.append('\n');
    }
    return sb.toString().replaceAll("\n+$", "\n");
  }
}
