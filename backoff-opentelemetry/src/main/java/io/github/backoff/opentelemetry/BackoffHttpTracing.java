package io.github.backoff.opentelemetry;

import io.github.backoff.http.HttpAttemptObserver;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * A CLIENT span per attempt of a {@code backoff-http} call, following the OpenTelemetry semantic conventions for
 * HTTP client spans: named after the method, with {@code http.request.method}, {@code url.full} (without user
 * information), {@code server.address}, {@code server.port}, {@code http.response.status_code},
 * {@code http.request.resend_count} on every attempt after the first, and {@code error.type} (the status code
 * from 400 on, which also sets the span's status to error, or the failure's class name). Each attempt's request
 * carries its span's context through the instance's propagators (W3C {@code traceparent}, for instance).
 *
 * <p>The spans' parent is the context current when {@code send} or {@code sendAsync} is called, so the retries of
 * an asynchronous call, which run on other threads, stay in the caller's trace. Immutable and thread-safe.
 *
 * <pre>{@code
 * RetryingHttpClient http = RetryingHttpClient.builder(HttpClient.newHttpClient(), policy)
 *     .withAttemptObserver(BackoffHttpTracing.create(openTelemetry))
 *     .build();
 * }</pre>
 *
 * <p>Needs {@code backoff-http} (an optional dependency of this module) on the class path.
 */
public final class BackoffHttpTracing implements HttpAttemptObserver {
  static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
  static final AttributeKey<String> URL_FULL = AttributeKey.stringKey("url.full");
  static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
  static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
  static final AttributeKey<Long> STATUS_CODE = AttributeKey.longKey("http.response.status_code");
  static final AttributeKey<Long> RESEND_COUNT = AttributeKey.longKey("http.request.resend_count");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

  private static final TextMapSetter<HttpRequest.Builder> SETTER = (builder, key, value) -> {
    if (builder != null) {
      builder.setHeader(key, value);
    }
  };

  private final Tracer tracer;
  private final TextMapPropagator propagator;

  private BackoffHttpTracing(OpenTelemetry openTelemetry) {
    BackoffTelemetry telemetry = BackoffTelemetry.create(openTelemetry);
    this.tracer = telemetry.tracer();
    this.propagator = telemetry.openTelemetry().getPropagators().getTextMapPropagator();
  }

  /**
   * Spans through {@code openTelemetry}'s tracer provider and propagators; {@code null} gives the no-op
   * implementation (not the global one).
   */
  public static BackoffHttpTracing create(OpenTelemetry openTelemetry) {
    return new BackoffHttpTracing(openTelemetry);
  }

  @Override
  public Call onCall(HttpRequest request) {
    return new AttemptSpans(Context.current());
  }

  /** The spans of one call's attempts, one at a time. */
  private final class AttemptSpans implements Call {
    private final Context parent;
    private Span span;

    AttemptSpans(Context parent) {
      this.parent = parent;
    }

    @Override
    public HttpRequest beforeAttempt(int attempt, HttpRequest request) {
      URI uri = request.uri();
      String method = request.method();
      var builder = tracer.spanBuilder(method).setSpanKind(SpanKind.CLIENT).setParent(parent)
          .setAttribute(METHOD, method)
          .setAttribute(URL_FULL, withoutUserInfo(uri));
      if (uri.getHost() != null) {
        builder.setAttribute(SERVER_ADDRESS, uri.getHost());
        builder.setAttribute(SERVER_PORT, (long) port(uri));
      }
      if (attempt > 1) {
        builder.setAttribute(RESEND_COUNT, (long) attempt - 1);
      }
      span = builder.startSpan();
      if (propagator.fields().isEmpty()) {
        return request;
      }
      HttpRequest.Builder copy = HttpRequest.newBuilder(request, (name, value) -> true);
      propagator.inject(parent.with(span), copy, SETTER);
      return copy.build();
    }

    @Override
    public void afterAttempt(int attempt, HttpResponse<?> response, Throwable failure) {
      Span ended = span;
      span = null;
      if (ended == null) {
        return;
      }
      if (response != null) {
        int status = response.statusCode();
        ended.setAttribute(STATUS_CODE, (long) status);
        if (status >= 400) {
          ended.setAttribute(ERROR_TYPE, Integer.toString(status));
          ended.setStatus(StatusCode.ERROR);
        }
      } else if (failure != null) {
        ended.setAttribute(ERROR_TYPE, failure.getClass().getName());
        ended.recordException(failure);
        ended.setStatus(StatusCode.ERROR);
      }
      ended.end();
    }
  }

  private static int port(URI uri) {
    if (uri.getPort() != -1) {
      return uri.getPort();
    }
    return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
  }

  /** The URI without user name and password, which the conventions say must not be recorded. */
  static String withoutUserInfo(URI uri) {
    if (uri.getRawUserInfo() == null) {
      return uri.toString();
    }
    try {
      return new URI(uri.getScheme(), null, uri.getHost(), uri.getPort(), uri.getRawPath(), null, null).toString()
          + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())
          + (uri.getRawFragment() == null ? "" : "#" + uri.getRawFragment());
    } catch (URISyntaxException e) {
      return uri.getScheme() + "://" + uri.getHost();
    }
  }

  @Override
  public String toString() {
    return "BackoffHttpTracing[" + BackoffTelemetry.SCOPE_NAME + "]";
  }
}
