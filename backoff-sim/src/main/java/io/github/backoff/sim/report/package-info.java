/**
 * The report layer: {@link io.github.backoff.sim.report.MetricReports} writes CSV, charts, HTML and the terminal
 * summary of any model from its declared metrics; {@link io.github.backoff.sim.report.Numbers} (locale-independent
 * numbers, HTML escaping) and {@link io.github.backoff.sim.report.Charting} (chart warm-up) are the building
 * blocks models' own layouts use. Imports no model.
 */
package io.github.backoff.sim.report;
