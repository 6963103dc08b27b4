package io.github.backoff.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code backoff completion bash|zsh}: prints a shell completion script generated from the command's own picocli
 * model ({@link AutoComplete}), so it always knows every sub-command and option. The script is the same for both
 * shells (zsh runs it through its {@code bashcompinit}); only the instructions at the top differ.
 *
 * <p>Not thread-safe: picocli fills the fields, one instance per run.
 */
@Command(name = "completion",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Prints a completion script for bash or zsh: sub-commands, options and their values complete on TAB.",
        "",
        "bash: add to ~/.bashrc:  source <(backoff completion bash)",
        "zsh:  add to ~/.zshrc:   source <(backoff completion zsh)"},
    footer = {"", "Examples:",
        "  backoff completion bash > /etc/bash_completion.d/backoff",
        "  source <(backoff completion zsh)"})
final class CompletionCommand implements Callable<Integer> {

  /** The shells a script is generated for. */
  enum Shell { bash, zsh }

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "SHELL", description = "bash or zsh.")
  Shell shell;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    out.print(script(shell));
    out.flush();
    return BackoffCommand.OK;
  }

  /** The completion script of the whole {@code backoff} command for {@code shell}. */
  static String script(Shell shell) {
    String script = AutoComplete.bash("backoff", BackoffCommand.commandLine());
    String header = shell == Shell.zsh
        ? "# zsh completion for backoff: source this file from ~/.zshrc (source <(backoff completion zsh)).\n"
            + "# It is bash's script run through zsh's bashcompinit, which it loads itself.\n"
        : "# bash completion for backoff: source this file from ~/.bashrc (source <(backoff completion bash)),\n"
            + "# or copy it to /etc/bash_completion.d/backoff.\n";
    // After the "#!" line, which must stay first.
    int firstLine = script.startsWith("#!") ? script.indexOf('\n') + 1 : 0;
    return script.substring(0, firstLine) + header + script.substring(firstLine);
  }
}
