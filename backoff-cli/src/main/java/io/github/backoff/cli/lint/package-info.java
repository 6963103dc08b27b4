/**
 * The checks behind {@code backoff lint}: a dependency-free JSON reader and one linter per kind of configuration
 * (today grpc-java's retry service config, {@link io.github.backoff.cli.lint.GrpcServiceConfigLinter}). Not API:
 * the command line's own plumbing, kept apart from the picocli command so that a linter for another library's
 * configuration is one more class here.
 *
 * <pre>{@code
 * Lint lint = GrpcServiceConfigLinter.lint(Files.readString(path), Optional.empty());
 * lint.findings().forEach(f -> System.out.println(f.line()));
 * }</pre>
 */
package io.github.backoff.cli.lint;
