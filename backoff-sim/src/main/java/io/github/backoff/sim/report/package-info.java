/**
 * The one report layer of every model. A model declares its reports as data, a
 * {@link io.github.backoff.sim.report.Report} of {@link io.github.backoff.sim.report.Table}s (CSV and HTML),
 * {@link io.github.backoff.sim.report.Chart}s (PNG, alone or in a grid), a {@link io.github.backoff.sim.report.Page}
 * and a summary, and {@link io.github.backoff.sim.report.ReportWriter} writes, draws and renders it; or it declares
 * only its metrics and {@link io.github.backoff.sim.report.MetricReports} writes CSV, charts, HTML and the summary
 * from them. {@link io.github.backoff.sim.report.Numbers} (locale-independent numbers, HTML escaping) formats cells;
 * {@link io.github.backoff.sim.report.Charting} warms the chart library up. Imports no model.
 */
package io.github.backoff.sim.report;
