package io.github.backoff.dbscheduler;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throw-away PostgreSQL server from Debian's {@code postgresql} package: {@code initdb} in a temporary directory,
 * {@code pg_ctl start} on a free port of 127.0.0.1 (no Unix socket outside that directory), {@code pg_ctl stop} and
 * the directory deleted afterwards. As root (CI), the server runs as the {@code postgres} user through
 * {@code runuser}, since {@code initdb} refuses to run as root.
 */
final class LocalPostgres implements AutoCloseable {
  private final Path binaries;
  private final Path directory;
  private final int port;
  private final boolean asPostgresUser;

  private LocalPostgres(Path binaries, Path directory, int port, boolean asPostgresUser) {
    this.binaries = binaries;
    this.directory = directory;
    this.port = port;
    this.asPostgresUser = asPostgresUser;
  }

  /** Why a server cannot be started here, or empty if it can. */
  static Optional<String> unavailable() {
    return unavailable(Path.of("/usr/lib/postgresql"));
  }

  /** {@link #unavailable()} with the binaries looked for under {@code base}. */
  static Optional<String> unavailable(Path base) {
    if (binaries(base).isEmpty()) {
      return Optional.of("PostgreSQL binaries not found under /usr/lib/postgresql/*/bin"
          + " (apt-get install -y postgresql): PostgreSQL tests skipped");
    }
    if (isRoot() && !Files.isExecutable(Path.of("/usr/sbin/runuser")) && !Files.isExecutable(Path.of("/sbin/runuser"))) {
      return Optional.of("running as root without runuser: initdb refuses to run as root; PostgreSQL tests skipped");
    }
    return Optional.empty();
  }

  static LocalPostgres start() throws IOException, InterruptedException {
    Path bin = binaries(Path.of("/usr/lib/postgresql")).orElseThrow();
    boolean root = isRoot();
    Path dir = Files.createTempDirectory("backoff-pg");
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    LocalPostgres server = new LocalPostgres(bin, dir, port, root);
    if (root) {
      run(List.of("chown", "postgres:postgres", dir.toString()), false);
    }
    server.run(bin.resolve("initdb"), "-D", dir.resolve("data").toString(), "-A", "trust", "-U", "test",
        "--no-sync", "-E", "UTF8");
    server.run(bin.resolve("pg_ctl"), "-D", dir.resolve("data").toString(), "-w", "-t", "60", "-l",
        dir.resolve("log").toString(), "-o",
        "-p " + port + " -c listen_addresses=127.0.0.1 -k " + dir + " -c fsync=off", "start");
    server.run(bin.resolve("createdb"), "-h", "127.0.0.1", "-p", Integer.toString(port), "-U", "test", "scheduler");
    return server;
  }

  String jdbcUrl() {
    return "jdbc:postgresql://127.0.0.1:" + port + "/scheduler";
  }

  @Override
  public void close() throws IOException, InterruptedException {
    try {
      run(binaries.resolve("pg_ctl"), "-D", directory.resolve("data").toString(), "-w", "-m", "immediate", "stop");
    } finally {
      try (Stream<Path> files = Files.walk(directory)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private void run(Path program, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(program.toString());
    command.addAll(List.of(args));
    run(command, asPostgresUser);
  }

  private static void run(List<String> command, boolean asPostgres) throws IOException, InterruptedException {
    List<String> full = new ArrayList<>();
    if (asPostgres) {
      full.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    full.addAll(command);
    Process process = new ProcessBuilder(full).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    if (!process.waitFor(90, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IOException(String.join(" ", full) + " failed: " + output);
    }
  }

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static Optional<Path> binaries(Path base) {
    if (!Files.isDirectory(base)) {
      return Optional.empty();
    }
    try (Stream<Path> versions = Files.list(base)) {
      return versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
          .max(Comparator.comparing(b -> versionOf(b.getParent().getFileName().toString())));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static int versionOf(String name) {
    try {
      return Integer.parseInt(name);
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
