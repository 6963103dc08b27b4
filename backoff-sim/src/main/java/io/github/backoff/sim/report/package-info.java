/**
 * Reports of a simulation: {@code results.csv} ({@link io.github.backoff.sim.report.CsvReport}), the work and
 * completion charts as PNG ({@link io.github.backoff.sim.report.Charts}, drawn with XChart), a self-contained
 * {@code report.html} ({@link io.github.backoff.sim.report.HtmlReport}) and the terminal summary
 * ({@link io.github.backoff.sim.report.SummaryTable}); {@link io.github.backoff.sim.report.Reports} writes them all.
 * The {@code overload} model's reports: {@link io.github.backoff.sim.report.OverloadCsv},
 * {@link io.github.backoff.sim.report.OverloadCharts} and {@link io.github.backoff.sim.report.OverloadHtml}, written
 * by {@link io.github.backoff.sim.report.OverloadReports}.
 */
package io.github.backoff.sim.report;
