/**
 * The {@code backoff} command line (picocli): {@link io.github.backoff.cli.BackoffCommand} is the entry point and
 * lists the sub-commands, one class each, which only parse and wire: strategies, presets and schedules come from
 * backoff-core.
 *
 * <pre>{@code
 * int exitCode = BackoffCommand.commandLine().execute("schedule", "full-jitter", "--base", "100ms", "--cap", "20s");
 * }</pre>
 */
package io.github.backoff.cli;
