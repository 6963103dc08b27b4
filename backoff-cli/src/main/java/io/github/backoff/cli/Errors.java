package io.github.backoff.cli;

import io.github.backoff.NameSuggester;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How the commands report problems: bad usage (a parse error, or an {@link IllegalArgumentException} from the
 * core's validation) is one line on standard error and exit code 2; anything else is one line and exit code 1.
 * Never a stack trace, and never a Java class name: every message goes through {@link #plain(String)} here, so a
 * command that lets an {@code IOException} escape, or puts one in a message, still prints plain words
 * ({@code cannot create --out directory /proc/x: /proc/x: no such file or directory}).
 */
final class Errors {
  /** A qualified Java exception or error class name, with the message that follows it, if any. */
  private static final Pattern CLASS_NAME = Pattern.compile(
      "(?:\\b[a-z][a-z0-9_]*\\.)+([A-Z][A-Za-z0-9_]*(?:Exception|Error))\\b(?::\\s*)?");
  /** An unqualified one (as {@code getSimpleName()} or a JDK message may give it). */
  private static final Pattern SIMPLE_NAME = Pattern.compile(
      "\\b([A-Z][A-Za-z0-9_]*(?:Exception|Error))\\b(?::\\s*)?");
  /** The file system failures a user can act on, in the words of {@code strerror}. */
  private static final Map<String, String> WORDS = Map.ofEntries(
      Map.entry("NoSuchFileException", "no such file or directory"),
      Map.entry("FileNotFoundException", "no such file or directory"),
      Map.entry("AccessDeniedException", "permission denied"),
      Map.entry("FileAlreadyExistsException", "file exists"),
      Map.entry("NotDirectoryException", "not a directory"),
      Map.entry("DirectoryNotEmptyException", "directory not empty"),
      Map.entry("ReadOnlyFileSystemException", "read-only file system"),
      Map.entry("FileSystemException", "cannot be accessed"),
      Map.entry("IOException", "input/output error"),
      Map.entry("UncheckedIOException", "input/output error"),
      Map.entry("OutOfMemoryError", "out of memory (raise -Xmx through BACKOFF_OPTS)"),
      Map.entry("InterruptedException", "interrupted"));

  private Errors() {}

  static int onParameterException(ParameterException ex, String[] args) {
    CommandLine cmd = ex.getCommandLine();
    String message = unknownCommand(ex).orElseGet(() -> plain(ex.getMessage()));
    cmd.getErr().println(prefix(cmd) + message + helpPointer(cmd));
    cmd.getErr().flush();
    return BackoffCommand.USAGE;
  }

  /** What every usage error ends with: where to read more. */
  private static String helpPointer(CommandLine cmd) {
    return " (see '" + cmd.getCommandSpec().qualifiedName() + " --help')";
  }

  /**
   * A name the command does not know: a word where a sub-command goes ({@code backoff bogus}) or an option
   * ({@code --bas 100ms}): "unknown command 'bogus'" or "unknown option '--bas'", the closest name if one is close
   * ({@link NameSuggester}, as for every name a user types), and every name; empty for any other parse error.
   */
  static Optional<String> unknownCommand(ParameterException ex) {
    if (!(ex instanceof UnmatchedArgumentException)) {
      return Optional.empty();
    }
    CommandSpec spec = ex.getCommandLine().getCommandSpec();
    List<String> unmatched = ((UnmatchedArgumentException) ex).getUnmatched();
    if (unmatched.isEmpty()) {
      return Optional.empty();
    }
    String word = unmatched.get(0);
    if (word.startsWith("-")) {
      String option = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
      List<String> options = spec.options().stream().filter(o -> !o.hidden()).flatMap(o -> Arrays.stream(o.names()))
          .filter(n -> n.startsWith("--")).distinct().collect(Collectors.toList());
      return Optional.of(NameSuggester.unknown("option", option, options));
    }
    if (spec.subcommands().isEmpty() || !spec.positionalParameters().isEmpty()) {
      return Optional.empty();
    }
    List<String> commands = spec.subcommands().entrySet().stream()
        .filter(e -> !e.getValue().getCommandSpec().usageMessage().hidden()).map(Map.Entry::getKey)
        .distinct().collect(Collectors.toList());
    return Optional.of(NameSuggester.unknown("command", word, commands));
  }

  static int onExecutionException(Exception ex, CommandLine cmd, ParseResult parseResult) {
    if (ex instanceof ParameterException) {
      return onParameterException((ParameterException) ex, parseResult.originalArgs().toArray(new String[0]));
    }
    if (ex instanceof IllegalArgumentException) {
      cmd.getErr().println(prefix(cmd) + plain(ex.getMessage()) + helpPointer(cmd));
      cmd.getErr().flush();
      return BackoffCommand.USAGE;
    }
    cmd.getErr().println(prefix(cmd) + "failed: " + describe(ex));
    cmd.getErr().flush();
    return BackoffCommand.FAILED;
  }

  /**
   * {@code failure} in plain words on one line: a file system failure as {@code FILE: reason}, anything else as
   * its message with Java class names replaced, or, with no message at all, "unexpected internal error".
   */
  static String describe(Throwable failure) {
    Throwable t = failure;
    while ((t instanceof UncheckedIOException || t instanceof CommandLine.ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    if (t instanceof FileSystemException) {
      FileSystemException fs = (FileSystemException) t;
      String file = fs.getFile() == null ? "" : fs.getFile() + (fs.getOtherFile() == null ? "" : " -> "
          + fs.getOtherFile()) + ": ";
      return oneLine(file + reason(fs));
    }
    String message = t.getMessage();
    if (message == null || message.isBlank()) {
      String words = WORDS.get(t.getClass().getSimpleName());
      return words != null ? words
          : "unexpected internal error (please report it with the command line that caused it)";
    }
    if (t instanceof IOException && !(t.getClass() == IOException.class)) {
      // Socket, charset, zip... failures: their message alone can be cryptic, so say what kind of failure it is.
      return plain(message) + " (input/output error)";
    }
    return plain(message);
  }

  /** The reason of a file system failure: the operating system's words, else the exception's kind in words. */
  private static String reason(FileSystemException fs) {
    if (fs instanceof NoSuchFileException || fs instanceof AccessDeniedException
        || fs instanceof FileAlreadyExistsException || fs instanceof NotDirectoryException
        || fs instanceof DirectoryNotEmptyException || fs.getReason() == null) {
      return WORDS.getOrDefault(fs.getClass().getSimpleName(), "cannot be accessed");
    }
    // The operating system's own words ("Not a directory", "Read-only file system"), in lower case as strerror's.
    String reason = fs.getReason().strip();
    return reason.isEmpty() ? "cannot be accessed" : reason.substring(0, 1).toLowerCase(Locale.ROOT)
        + reason.substring(1);
  }

  /**
   * {@code message} on one line, with every Java exception class name in it ({@code java.nio.file.
   * NoSuchFileException: /x}) turned into plain words ({@code /x: no such file or directory}).
   */
  static String plain(String message) {
    if (message == null) {
      return "";
    }
    String text = oneLine(message);
    text = replaceClassNames(CLASS_NAME, text);
    text = replaceClassNames(SIMPLE_NAME, text);
    // "cannot create X: X: no such file" reads better once: "cannot create X: no such file".
    return text.replaceAll("(\\S+): \\1: ", "$1: ").strip();
  }

  private static String replaceClassNames(Pattern pattern, String text) {
    Matcher m = pattern.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String words = WORDS.get(m.group(1));
      String rest = text.substring(m.end());
      String replacement;
      if (words != null && isFileException(m.group(1)) && !rest.isEmpty()) {
        // "NoSuchFileException: /x" (the JDK puts the file first): "/x: no such file or directory".
        int end = rest.indexOf(' ') < 0 ? rest.length() : rest.indexOf(' ');
        String file = rest.substring(0, end);
        m.appendReplacement(out, Matcher.quoteReplacement(file + ": " + words));
        out.append(rest.substring(end));
        return replaceClassNames(pattern, out.toString()); // one name fewer each time: ends
      }
      if (words != null && rest.isEmpty()) {
        replacement = words;
      } else if (words != null || rest.isEmpty()) {
        replacement = words != null ? words + ": " : "unexpected internal error";
      } else {
        replacement = ""; // the message that follows says it
      }
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static boolean isFileException(String simpleName) {
    return simpleName.endsWith("FileException") || simpleName.equals("AccessDeniedException")
        || simpleName.equals("FileAlreadyExistsException") || simpleName.equals("NotDirectoryException")
        || simpleName.equals("DirectoryNotEmptyException") || simpleName.equals("FileSystemException")
        || simpleName.equals("FileNotFoundException");
  }

  private static String prefix(CommandLine cmd) {
    return cmd.getCommandSpec().qualifiedName() + ": ";
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
  }
}
