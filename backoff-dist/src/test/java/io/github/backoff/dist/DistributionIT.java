package io.github.backoff.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution as a user gets it: unpacked into a temporary directory with no checkout around it, run from
 * there with nothing but a JDK ({@code JAVA_HOME}) and a POSIX shell.
 */
class DistributionIT {
  static final String VERSION = System.getProperty("backoff.version");
  static final Path TAR = Path.of(System.getProperty("backoff.dist.tar"));
  static final Path ZIP = Path.of(System.getProperty("backoff.dist.zip"));

  @TempDir
  static Path unpacked;
  static Path home;

  @BeforeAll
  static void unpack() throws Exception {
    Result tar = run(unpacked, List.of("tar", "xzf", TAR.toString()), Map.of());
    assertThat(tar.exitCode()).as(tar.output()).isZero();
    home = unpacked.resolve("backoff-" + VERSION);
  }

  @Test
  void tar_hasTheLayoutUsersExpect() {
    assertThat(home.resolve("bin/backoff")).isExecutable();
    assertThat(home.resolve("bin/backoff.bat")).isRegularFile();
    assertThat(home.resolve("LICENSE")).content().contains("Apache License", "Version 2.0");
    assertThat(home.resolve("NOTICE")).content().contains("Backoff");
    assertThat(home.resolve("man/man1/backoff.1")).content().startsWith(".\\\"").contains(".TH \"BACKOFF\"");
    assertThat(home.resolve("man/man1/backoff-schedule.1")).isRegularFile();
    assertThat(home.resolve("completion/backoff.bash")).isRegularFile();
    assertThat(home.resolve("completion/backoff.zsh")).isRegularFile();
    assertThat(home.resolve("lib").toFile().list()).anyMatch(n -> n.startsWith("backoff-cli-"))
        .anyMatch(n -> n.startsWith("backoff-core-")).anyMatch(n -> n.startsWith("picocli-"));
  }

  @Test
  void binBackoff_version_printsTheProjectVersion() throws Exception {
    Result r = backoff("--version");
    assertThat(r.exitCode()).as(r.output()).isZero();
    assertThat(r.output()).startsWith("backoff " + VERSION + "\n");
  }

  @Test
  void binBackoff_scheduleGoogleDrive_printsTheTable() throws Exception {
    Result r = backoff("schedule", "google-drive", "--seed", "7");
    assertThat(r.exitCode()).as(r.output()).isZero();
    assertThat(r.output()).contains("google-drive: Google Drive API", "retry", "median", "worst-case total");
    assertThat(r.output().lines().filter(l -> l.matches("\\s+[1-5]\\s.*"))).hasSize(5);
  }

  @Test
  void binBackoff_underDash_runsWithoutBash() throws Exception {
    // POSIX sh, not bash: dash (Debian's /bin/sh) runs the script itself.
    Path dash = Path.of("/bin/dash");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(dash), "dash installed");
    Result r = run(unpacked, List.of(dash.toString(), "-n", home.resolve("bin/backoff").toString()), Map.of());
    assertThat(r.exitCode()).as(r.output()).isZero();
    Result version = run(unpacked, List.of(dash.toString(), home.resolve("bin/backoff").toString(), "--version"),
        env());
    assertThat(version.output()).startsWith("backoff " + VERSION);
  }

  @Test
  void binBackoff_throughASymbolicLink_findsItsJars() throws Exception {
    Path link = Files.createSymbolicLink(unpacked.resolve("backoff-link"), home.resolve("bin/backoff"));
    Result r = run(unpacked, List.of(link.toString(), "--version"), env());
    assertThat(r.output()).startsWith("backoff " + VERSION);
  }

  @Test
  void binBackoff_badUsage_oneLineExitTwo() throws Exception {
    Result r = backoff("schedule", "no-such-strategy");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.output().lines()).hasSize(1);
  }

  @Test
  void zip_hasTheSameFilesAsTheTar() throws IOException {
    List<String> names = new ArrayList<>();
    try (InputStream in = Files.newInputStream(ZIP); ZipInputStream zip = new ZipInputStream(in)) {
      for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
        names.add(e.getName());
      }
    }
    String root = "backoff-" + VERSION + "/";
    assertThat(names).contains(root + "bin/backoff", root + "bin/backoff.bat", root + "LICENSE", root + "NOTICE",
        root + "man/man1/backoff.1", root + "completion/backoff.bash");
    try (var files = Files.walk(home)) {
      long tarFiles = files.filter(Files::isRegularFile).count();
      assertThat(names.stream().filter(n -> !n.endsWith("/")).count()).isEqualTo(tarFiles);
    }
  }

  private static Result backoff(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(home.resolve("bin/backoff").toString()));
    command.addAll(List.of(args));
    return run(unpacked, command, env());
  }

  /** Only what a user has: PATH without any build tool, JAVA_HOME. */
  private static Map<String, String> env() {
    return Map.of("JAVA_HOME", System.getProperty("java.home"), "PATH", "/usr/bin:/bin");
  }

  record Result(int exitCode, String output) {}

  private static Result run(Path dir, List<String> command, Map<String, String> env) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
    if (!env.isEmpty()) {
      pb.environment().clear();
      pb.environment().putAll(env);
    }
    Process p = pb.start();
    p.getOutputStream().close();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Result(p.exitValue(), output);
  }
}
