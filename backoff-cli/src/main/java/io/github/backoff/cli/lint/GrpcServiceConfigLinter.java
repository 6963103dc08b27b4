package io.github.backoff.cli.lint;

import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Lints a grpc-java service config (JSON, as {@code defaultServiceConfig} or a name resolver takes it) for the
 * mistakes grpc-java makes silent or fatal: {@code maxAttempts} above 5 (lowered to 5), a {@code methodConfig}
 * without a {@code name} (ignored), numbers written as strings (a {@code ClassCastException}, spring-grpc #272),
 * missing or empty {@code retryableStatusCodes}, durations not in proto3 JSON form ({@code "0.1s"}), no
 * {@code retryThrottling}, no {@code retryPolicy} at all ({@code enableRetry()} alone retries nothing, grpc-java
 * #7803); and, as notes for the versions they concern, the U(0.4, 1.2) jitter of 1.71 to 1.79 (#12639) and
 * {@code retryThrottling} ignored in a default service config before 1.66 (#11274).
 *
 * <p>Stateless and thread-safe.
 */
public final class GrpcServiceConfigLinter {
  private static final Pattern DURATION = Pattern.compile("-?\\d+(\\.\\d{1,9})?s");
  private static final Set<String> ROOT_KEYS = Set.of("loadBalancingConfig", "loadBalancingPolicy", "methodConfig",
      "retryThrottling", "healthCheckConfig");
  private static final Set<String> METHOD_KEYS = Set.of("name", "waitForReady", "timeout",
      "maxRequestMessageBytes", "maxResponseMessageBytes", "retryPolicy", "hedgingPolicy");
  private static final Set<String> RETRY_KEYS = Set.of("maxAttempts", "initialBackoff", "maxBackoff",
      "backoffMultiplier", "retryableStatusCodes", "perAttemptRecvTimeout");
  private static final Set<String> THROTTLING_KEYS = Set.of("maxTokens", "tokenRatio");
  private static final List<String> CODES = List.of("OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT",
      "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED",
      "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS",
      "UNAUTHENTICATED");
  private static final Set<String> NEVER_RETRYABLE = Set.of("OK", "INVALID_ARGUMENT", "NOT_FOUND",
      "ALREADY_EXISTS", "PERMISSION_DENIED", "FAILED_PRECONDITION", "OUT_OF_RANGE", "UNIMPLEMENTED",
      "UNAUTHENTICATED");
  /** grpc-java's default {@code maxRetryAttempts}. */
  static final int GRPC_MAX_ATTEMPTS = 5;

  private GrpcServiceConfigLinter() {}

  /**
   * Lints {@code json}.
   *
   * @param grpcJavaVersion the grpc-java version the config is for ({@code 1.75.0}); empty: notes for every version
   * @throws JsonReader.MalformedJsonException if {@code json} is not JSON
   */
  public static Lint lint(String json, Optional<int[]> grpcJavaVersion) throws JsonReader.MalformedJsonException {
    JsonReader.Document doc = JsonReader.read(json);
    Run run = new Run(grpcJavaVersion);
    for (String duplicate : doc.duplicateKeys()) {
      run.problem(duplicate, "given twice: grpc-java keeps the last one");
    }
    run.root(doc.value());
    return new Lint(run.findings, run.explanation);
  }

  /**
   * Parses a version such as {@code 1.75} or {@code 1.75.0}.
   *
   * @throws IllegalArgumentException if it is not one
   */
  public static int[] parseVersion(String version) {
    String[] parts = version.strip().split("\\.");
    if (parts.length < 2 || parts.length > 3) {
      throw new IllegalArgumentException("not a version (e.g. 1.75.0): '" + version + "'");
    }
    try {
      return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a version (e.g. 1.75.0): '" + version + "'");
    }
  }

  /** One lint's findings as they are made. */
  private static final class Run {
    final List<Finding> findings = new ArrayList<>();
    final List<String> explanation = new ArrayList<>();
    private final Optional<int[]> version;
    private final Set<String> names = new HashSet<>();

    Run(Optional<int[]> version) {
      this.version = version;
    }

    void problem(String field, String message) {
      findings.add(new Finding(field, message, false));
    }

    /** A note that concerns the grpc-java versions from {@code from} to {@code to} (minor versions of 1.x). */
    void note(String field, String message, int from, int to) {
      if (version.isEmpty() || (version.get()[0] == 1 && version.get()[1] >= from && version.get()[1] <= to)) {
        findings.add(new Finding(field, message, true));
      }
    }

    void root(Object value) {
      if (!(value instanceof Map<?, ?> root)) {
        problem("(root)", "not a JSON object: a service config is {\"methodConfig\": [...], ...}");
        return;
      }
      unknownKeys("", root, ROOT_KEYS);
      int retryPolicies = 0;
      Object methodConfig = root.get("methodConfig");
      if (methodConfig != null && !(methodConfig instanceof List)) {
        problem("methodConfig", "not a list: grpc-java rejects the service config");
      } else if (methodConfig != null) {
        List<?> configs = (List<?>) methodConfig;
        for (int i = 0; i < configs.size(); i++) {
          retryPolicies += methodConfig("methodConfig[" + i + "]", configs.get(i));
        }
      }
      Object throttling = root.get("retryThrottling");
      if (retryPolicies == 0) {
        problem("methodConfig", "no retryPolicy: grpc-java retries nothing (enableRetry() and maxRetryAttempts(n) "
            + "alone do not, grpc-java #7803)");
      } else if (throttling == null) {
        problem("retryThrottling", "missing: nothing stops the retries when the service is down (add {\"maxTokens\":"
            + " 100, \"tokenRatio\": 0.1}: retries stop while fewer than half the tokens remain)");
      }
      if (throttling != null) {
        throttling(throttling);
      }
    }

    private int methodConfig(String at, Object value) {
      if (!(value instanceof Map<?, ?> config)) {
        problem(at, "not an object");
        return 0;
      }
      unknownKeys(at + ".", config, METHOD_KEYS);
      boolean named = names(at + ".name", config.get("name"));
      Object timeout = config.get("timeout");
      if (timeout != null) {
        duration(at + ".timeout", timeout);
      }
      Object retry = config.get("retryPolicy");
      if (retry == null) {
        return 0;
      }
      if (config.get("hedgingPolicy") != null) {
        problem(at, "both retryPolicy and hedgingPolicy: gRFC A6 allows one; grpc-java rejects the config");
      }
      retryPolicy(at + ".retryPolicy", retry, named ? describe(config.get("name")) : null);
      return 1;
    }

    /** Checks the names; whether there is at least one. */
    private boolean names(String at, Object value) {
      if (value == null) {
        problem(at, "missing: grpc-java applies this methodConfig to no method and ignores it (give "
            + "[{\"service\": \"package.Service\"}], or [{}] for every method)");
        return false;
      }
      if (!(value instanceof List<?> list)) {
        problem(at, "not a list: write [{\"service\": \"package.Service\"}]");
        return false;
      }
      if (list.isEmpty()) {
        problem(at, "empty: grpc-java applies this methodConfig to no method and ignores it");
        return false;
      }
      for (int i = 0; i < list.size(); i++) {
        String n = at + "[" + i + "]";
        if (!(list.get(i) instanceof Map<?, ?> name)) {
          problem(n, "not an object: write {\"service\": \"package.Service\", \"method\": \"Method\"}");
          continue;
        }
        unknownKeys(n + ".", name, Set.of("service", "method"));
        Object service = name.get("service");
        Object method = name.get("method");
        if ((service != null && !(service instanceof String)) || (method != null && !(method instanceof String))) {
          problem(n, "service and method must be strings");
          continue;
        }
        boolean noService = service == null || ((String) service).isEmpty();
        if (noService && method != null && !((String) method).isEmpty()) {
          problem(n + ".method", "a method without a service: grpc-java rejects the service config");
        }
        String key = (noService ? "" : service) + "/" + (method == null ? "" : method);
        if (!names.add(key)) {
          problem(n, "names " + (key.equals("/") ? "every method" : key)
              + " again: grpc-java rejects a service config with a duplicate name");
        }
      }
      return true;
    }

    private void retryPolicy(String at, Object value, String methods) {
      if (!(value instanceof Map<?, ?> retry)) {
        problem(at, "not an object");
        return;
      }
      unknownKeys(at + ".", retry, RETRY_KEYS);
      Double attempts = number(at + ".maxAttempts", retry.get("maxAttempts"), "4");
      if (attempts != null) {
        if (attempts != Math.rint(attempts)) {
          problem(at + ".maxAttempts", show(attempts) + " is not a whole number");
          attempts = null;
        } else if (attempts < 2) {
          problem(at + ".maxAttempts", show(attempts) + " must be >= 2: grpc-java rejects the retryPolicy");
          attempts = null;
        } else if (attempts > GRPC_MAX_ATTEMPTS) {
          problem(at + ".maxAttempts", show(attempts) + " is lowered to " + GRPC_MAX_ATTEMPTS + " by grpc-java "
              + "without a word (ManagedChannelBuilder.maxRetryAttempts): at most " + GRPC_MAX_ATTEMPTS
              + " attempts are made");
        }
      }
      Long initial = positiveDuration(at + ".initialBackoff", retry.get("initialBackoff"));
      Long max = positiveDuration(at + ".maxBackoff", retry.get("maxBackoff"));
      Double multiplier = number(at + ".backoffMultiplier", retry.get("backoffMultiplier"), "2");
      if (multiplier != null && multiplier <= 0) {
        problem(at + ".backoffMultiplier", show(multiplier) + " must be > 0: grpc-java rejects the retryPolicy");
        multiplier = null;
      }
      List<String> codes = codes(at + ".retryableStatusCodes", retry.get("retryableStatusCodes"));
      Object recv = retry.get("perAttemptRecvTimeout");
      if (recv != null) {
        duration(at + ".perAttemptRecvTimeout", recv);
      }
      note(at, "grpc-java 1.71 to 1.79 jitter the waits by U(0.4, 1.2), not U(0.8, 1.2) (grpc-java #12639):"
          + " retries come up to twice as early", 71, 79);
      if (attempts != null && initial != null && max != null && multiplier != null && methods != null
          && !codes.isEmpty()) {
        explain(methods, attempts, initial, max, multiplier, codes);
      }
    }

    private void explain(String methods, double attempts, long initial, long max, double multiplier,
        List<String> codes) {
      int n = (int) Math.min(attempts, GRPC_MAX_ATTEMPTS);
      StringBuilder line = new StringBuilder(methods).append(": ").append(n).append(" attempts");
      if (attempts > GRPC_MAX_ATTEMPTS) {
        line.append(" (maxAttempts ").append(show(attempts)).append(" lowered to 5)");
      }
      line.append(" on ").append(String.join(", ", codes));
      if (max < initial || multiplier < 1) {
        explanation.add(line.append("; waits: min(initialBackoff x backoffMultiplier^(r-1), maxBackoff)"
            + " x U(0.8, 1.2)").toString());
        return;
      }
      Backoff backoff = Preset.grpc(Duration.ofNanos(initial), multiplier, Duration.ofNanos(max), n).backoff();
      line.append("; waits (grpc-java >= 1.80):");
      for (int r = 1; r < n; r++) {
        line.append(r == 1 ? " " : ", ").append("retry ").append(r).append(' ')
            .append(millis(backoff.minDelayNanos(r))).append("-").append(millis(backoff.maxDelayNanos(r)));
      }
      long lo = 0;
      long hi = 0;
      for (int r = 1; r < n; r++) {
        lo += backoff.minDelayNanos(r);
        hi += backoff.maxDelayNanos(r);
      }
      explanation.add(line.append("; ").append(millis(lo)).append("-").append(millis(hi))
          .append(" of waiting in all").toString());
    }

    private List<String> codes(String at, Object value) {
      List<String> names = new ArrayList<>();
      if (value == null) {
        problem(at, "missing: grpc-java rejects a retryPolicy that retries no status code");
        return names;
      }
      if (!(value instanceof List<?> list)) {
        problem(at, "not a list: write [\"UNAVAILABLE\"]");
        return names;
      }
      if (list.isEmpty()) {
        problem(at, "empty: grpc-java rejects a retryPolicy that retries no status code (UNAVAILABLE is the "
            + "transient one)");
      }
      for (int i = 0; i < list.size(); i++) {
        Object code = list.get(i);
        String c = at + "[" + i + "]";
        String name = null;
        if (code instanceof Double d) {
          if (d == Math.rint(d) && d >= 0 && d < CODES.size()) {
            name = CODES.get(d.intValue());
          } else {
            problem(c, show(d) + " is no status code");
          }
        } else if (code instanceof String s) {
          if (CODES.contains(s)) {
            name = s;
          } else if (CODES.contains(s.toUpperCase(Locale.ROOT).replace('-', '_'))) {
            problem(c, "\"" + s + "\": grpc-java reads code names in capitals only: write \""
                + s.toUpperCase(Locale.ROOT).replace('-', '_') + "\"");
          } else {
            problem(c, "\"" + s + "\" is no status code");
          }
        } else {
          problem(c, "not a status code name");
        }
        if (name != null && NEVER_RETRYABLE.contains(name)) {
          problem(c, name + " is never worth retrying: another attempt gets the same answer");
        } else if (name != null) {
          names.add(name);
        }
      }
      return names;
    }

    private void throttling(Object value) {
      if (!(value instanceof Map<?, ?> t)) {
        problem("retryThrottling", "not an object: write {\"maxTokens\": 100, \"tokenRatio\": 0.1}");
        return;
      }
      unknownKeys("retryThrottling.", t, THROTTLING_KEYS);
      Double maxTokens = number("retryThrottling.maxTokens", t.get("maxTokens"), "100");
      if (maxTokens != null && (maxTokens <= 0 || maxTokens > 1000)) {
        problem("retryThrottling.maxTokens", show(maxTokens) + " must be in (0, 1000]: grpc-java rejects it");
      }
      Double ratio = number("retryThrottling.tokenRatio", t.get("tokenRatio"), "0.1");
      if (ratio != null && ratio <= 0) {
        problem("retryThrottling.tokenRatio", show(ratio) + " must be > 0: grpc-java rejects it");
      } else if (ratio != null && Math.abs(ratio * 1000 - Math.rint(ratio * 1000)) > 1e-6) {
        problem("retryThrottling.tokenRatio", show(ratio) + " has more than 3 decimal places: grpc-java keeps 3");
      }
      note("retryThrottling", "grpc-java before 1.66 ignores retryThrottling in a defaultServiceConfig "
          + "(grpc-java #11274): only a name resolver's config throttles there", 0, 65);
    }

    /** A JSON number, or null after a finding: a string gets the ClassCastException message. */
    private Double number(String at, Object value, String example) {
      if (value == null) {
        problem(at, "missing: grpc-java rejects it (e.g. " + example + ")");
        return null;
      }
      if (value instanceof String s) {
        problem(at, "\"" + s + "\" is a string: grpc-java fails with a ClassCastException (as YAML binds numbers"
            + " as strings, spring-grpc #272): write " + (isNumber(s) ? s : example) + " without quotes");
        return null;
      }
      if (!(value instanceof Double d)) {
        problem(at, "not a number (e.g. " + example + ")");
        return null;
      }
      return d;
    }

    private Long positiveDuration(String at, Object value) {
      if (value == null) {
        problem(at, "missing: grpc-java rejects the retryPolicy (e.g. \"0.1s\")");
        return null;
      }
      Long nanos = duration(at, value);
      if (nanos != null && nanos <= 0) {
        problem(at, "must be > 0: grpc-java rejects the retryPolicy");
        return null;
      }
      return nanos;
    }

    /** Nanoseconds of a proto3 JSON duration, or null after a finding. */
    private Long duration(String at, Object value) {
      if (value instanceof Double d) {
        problem(at, show(d) + " is a number: a duration is a string in proto3 JSON form: write \""
            + show(d) + "s\" if seconds are meant");
        return null;
      }
      if (!(value instanceof String s)) {
        problem(at, "not a duration: write \"0.1s\"");
        return null;
      }
      if (!DURATION.matcher(s).matches()) {
        problem(at, "\"" + s + "\" is not a proto3 JSON duration: seconds with up to 9 decimals and \"s\", e.g. "
            + "\"0.1s\"" + suggestion(s));
        return null;
      }
      return new BigDecimal(s.substring(0, s.length() - 1)).movePointRight(9).longValue();
    }

    private void unknownKeys(String prefix, Map<?, ?> map, Set<String> known) {
      for (Object k : map.keySet()) {
        String key = k.toString();
        if (known.contains(key)) {
          continue;
        }
        String camel = camel(key);
        problem(prefix + key, known.contains(camel)
            ? "grpc-java reads lowerCamelCase names only and ignores this one: write " + camel
            : "unknown field: grpc-java ignores it");
      }
    }
  }

  private static String suggestion(String s) {
    java.util.regex.Matcher m = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)").matcher(s.strip());
    if (!m.matches()) {
      return "";
    }
    BigDecimal v = new BigDecimal(m.group(1));
    BigDecimal seconds = switch (m.group(2)) {
      case "ms" -> v.movePointLeft(3);
      case "m" -> v.multiply(BigDecimal.valueOf(60));
      case "h" -> v.multiply(BigDecimal.valueOf(3600));
      default -> v;
    };
    return ": write \"" + seconds.stripTrailingZeros().toPlainString() + "s\"";
  }

  private static String camel(String key) {
    StringBuilder sb = new StringBuilder();
    boolean up = false;
    for (char c : key.toCharArray()) {
      if (c == '_' || c == '-') {
        up = true;
      } else {
        sb.append(up ? Character.toUpperCase(c) : c);
        up = false;
      }
    }
    return sb.toString();
  }

  private static boolean isNumber(String s) {
    try {
      Double.parseDouble(s.strip());
      return !s.isBlank();
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static String show(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }

  private static String millis(long nanos) {
    return new BigDecimal(nanos).movePointLeft(6).setScale(1, java.math.RoundingMode.HALF_UP).stripTrailingZeros()
        .toPlainString() + " ms";
  }

  /** The methods a methodConfig names, for --explain: "pkg.Service/*", "pkg.Service/Method", "every method". */
  static String describe(Object names) {
    List<String> out = new ArrayList<>();
    for (Object n : (List<?>) names) {
      if (n instanceof Map<?, ?> name) {
        Object service = name.get("service");
        Object method = name.get("method");
        if (service == null || service.toString().isEmpty()) {
          out.add("every method");
        } else {
          out.add(service + "/" + (method == null || method.toString().isEmpty() ? "*" : method));
        }
      }
    }
    return String.join(", ", out);
  }
}
