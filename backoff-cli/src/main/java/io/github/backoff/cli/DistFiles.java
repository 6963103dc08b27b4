package io.github.backoff.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Writes the files of the command line distribution that come from the command's picocli model: a man page per
 * command ({@code man/man1/backoff.1}, {@code backoff-schedule.1}, ...) and the completion scripts
 * ({@code completion/backoff.bash}, {@code completion/backoff.zsh}). The backoff-dist module runs it at build time.
 *
 * <p>Stateless; each run writes its files afresh.
 *
 * <pre>{@code
 * DistFiles.main(new String[] {"target/generated-dist", "2026-11-23T00:00:00Z"});
 * }</pre>
 */
public final class DistFiles {
  private DistFiles() {}

  /**
   * Writes the files under {@code args[0]}; {@code args[1]}, if given, is the build's output timestamp (ISO-8601),
   * whose date the man pages carry, so that two builds of one commit write the same bytes.
   *
   * @param args the output directory, and optionally the timestamp
   * @throws IOException if a file cannot be written
   */
  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      throw new IllegalArgumentException("usage: DistFiles OUTPUT-DIR [TIMESTAMP]");
    }
    Path dir = Path.of(args[0]);
    String date = args.length > 1 ? date(args[1]) : "1970-01-01";
    String version = new VersionProvider().version();

    Path man = Files.createDirectories(dir.resolve("man/man1"));
    CommandLine root = BackoffCommand.commandLine();
    write(man.resolve(ManPage.fileName(root.getCommandSpec())), ManPage.of(root.getCommandSpec(), date, version));
    for (CommandLine sub : root.getSubcommands().values()) {
      CommandSpec spec = sub.getCommandSpec();
      if (!ManPage.isHelp(spec)) {
        write(man.resolve(ManPage.fileName(spec)), ManPage.of(spec, date, version));
      }
    }

    Path completion = Files.createDirectories(dir.resolve("completion"));
    write(completion.resolve("backoff.bash"), CompletionCommand.script(CompletionCommand.Shell.bash));
    write(completion.resolve("backoff.zsh"), CompletionCommand.script(CompletionCommand.Shell.zsh));
  }

  private static String date(String timestamp) {
    try {
      return OffsetDateTime.parse(timestamp).toLocalDate().toString();
    } catch (DateTimeParseException notIso) {
      // Maven also accepts seconds since the epoch.
      return java.time.Instant.ofEpochSecond(Long.parseLong(timestamp)).toString().substring(0, 10);
    }
  }

  private static void write(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
