package io.github.backoff.grpc;

import io.github.backoff.budget.RetryBudget;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A grpc-java service config with retry policies, as {@link io.grpc.ManagedChannelBuilder#defaultServiceConfig}
 * takes it: built by {@link GrpcServiceConfigBuilder} from Backoff policies, so that its numbers are doubles, its
 * durations proto3 JSON strings ({@code "0.1s"}), every {@code methodConfig} has a {@code name}, and nothing is
 * lowered silently (grpc-java turns {@code maxAttempts} 7 into 5 without a word; the builder refuses it).
 *
 * <pre>{@code
 * GrpcServiceConfig config = GrpcServiceConfig.builder()
 *     .withRetry("orders.Orders", Preset.grpc().policyBuilder().build())
 *     .withThrottling(100, 0.1)
 *     .build();
 * ManagedChannel channel = ManagedChannelBuilder.forTarget("dns:///orders:443")
 *     .defaultServiceConfig(config.asMap())
 *     .enableRetry()
 *     .build();
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class GrpcServiceConfig {
  private final Map<String, Object> map;
  private final int maxTokens;
  private final double tokenRatio;

  GrpcServiceConfig(Map<String, Object> map, int maxTokens, double tokenRatio) {
    this.map = map;
    this.maxTokens = maxTokens;
    this.tokenRatio = tokenRatio;
  }

  /** A new builder. */
  public static GrpcServiceConfigBuilder builder() {
    return new GrpcServiceConfigBuilder();
  }

  /**
   * The service config as grpc-java's {@code defaultServiceConfig} takes it: nested unmodifiable maps and lists of
   * strings and doubles.
   */
  public Map<String, ?> asMap() {
    return map;
  }

  /** The service config as JSON, as a name resolver (DNS TXT record, xDS) or {@code backoff lint} reads it. */
  public String toJson() {
    StringBuilder out = new StringBuilder();
    Json.write(map, out, "");
    return out.append('\n').toString();
  }

  /**
   * The {@code retryThrottling} as a Backoff budget ({@link RetryBudget#tokenBucket}), to share its rule with
   * retries outside gRPC; empty if the config has none. A new budget each time: share one instance.
   */
  public java.util.Optional<RetryBudget> throttlingBudget() {
    return maxTokens == 0 ? java.util.Optional.empty()
        : java.util.Optional.of(RetryBudget.tokenBucket(maxTokens, tokenRatio));
  }

  @Override
  public String toString() {
    return toJson();
  }

  static Map<String, Object> unmodifiable(Map<String, Object> m) {
    return Collections.unmodifiableMap(new LinkedHashMap<>(m));
  }

  static List<Object> unmodifiable(List<Object> l) {
    return Collections.unmodifiableList(l);
  }

  /** A small JSON writer for the config's maps, lists, strings and doubles. */
  static final class Json {
    private Json() {}

    static void write(Object value, StringBuilder out, String indent) {
      if (value instanceof Map<?, ?> m) {
        out.append("{");
        String inner = indent + "  ";
        boolean first = true;
        for (Map.Entry<?, ?> e : m.entrySet()) {
          out.append(first ? "\n" : ",\n").append(inner);
          string(e.getKey().toString(), out);
          out.append(": ");
          write(e.getValue(), out, inner);
          first = false;
        }
        out.append(m.isEmpty() ? "}" : "\n" + indent + "}");
      } else if (value instanceof List<?> l) {
        out.append("[");
        for (int i = 0; i < l.size(); i++) {
          out.append(i == 0 ? "" : ", ");
          write(l.get(i), out, indent);
        }
        out.append("]");
      } else if (value instanceof Double d) {
        out.append(d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString(d.longValue()) : d.toString());
      } else {
        string(value.toString(), out);
      }
    }

    private static void string(String s, StringBuilder out) {
      out.append('"');
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        switch (c) {
          case '"' -> out.append("\\\"");
          case '\\' -> out.append("\\\\");
          case '\n' -> out.append("\\n");
          default -> {
            if (c < 0x20) {
              out.append(String.format("\\u%04x", (int) c));
            } else {
              out.append(c);
            }
          }
        }
      }
      out.append('"');
    }
  }
}
