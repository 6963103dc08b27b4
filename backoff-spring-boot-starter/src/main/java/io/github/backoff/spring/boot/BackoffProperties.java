package io.github.backoff.spring.boot;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code backoff.*} properties: named retry policies and the retry budgets they share.
 *
 * <pre>{@code
 * backoff:
 *   budgets:
 *     payments-api:
 *       type: token-bucket
 *       max-tokens: 100
 *       token-ratio: 0.1
 *   policies:
 *     payments:
 *       strategy: full-jitter
 *       base: 100ms
 *       cap: 5s
 *       max-attempts: 5
 *       max-elapsed: 30s
 *       retry-on: java.io.IOException
 *       budget: payments-api
 * }</pre>
 *
 * <p>A mutable JavaBean, as Spring Boot binds configuration properties, read once at start-up when the
 * {@link Retriers} bean is built; every value is validated then, and a bad one stops the application with the key,
 * the value and what is allowed. Unknown keys are rejected too. Not thread-safe; not meant to be changed after
 * binding.
 */
@ConfigurationProperties(prefix = "backoff", ignoreUnknownFields = false)
public class BackoffProperties {
  /** The retry policies, by name, as @Retry("NAME") and Retriers.get("NAME") name them. */
  private Map<String, Policy> policies = new LinkedHashMap<>();

  /** The retry budgets, by name; one instance is shared by every policy that names it. */
  private Map<String, Budget> budgets = new LinkedHashMap<>();

  /**
   * Retries for the HTTP clients Spring Boot builds (RestClient, RestTemplate, WebClient), with backoff-spring-web
   * on the class path.
   */
  private Http http = new Http();

  /**
   * Retries for the channels Spring gRPC's channel factory builds, with backoff-grpc and Spring gRPC on the class
   * path.
   */
  private Grpc grpc = new Grpc();

  public Map<String, Policy> getPolicies() {
    return policies;
  }

  public void setPolicies(Map<String, Policy> policies) {
    this.policies = policies;
  }

  public Map<String, Budget> getBudgets() {
    return budgets;
  }

  public void setBudgets(Map<String, Budget> budgets) {
    this.budgets = budgets;
  }

  public Http getHttp() {
    return http;
  }

  public void setHttp(Http http) {
    this.http = http;
  }

  public Grpc getGrpc() {
    return grpc;
  }

  public void setGrpc(Grpc grpc) {
    this.grpc = grpc;
  }

  /** One retry policy. Unset values take the core's defaults. Not thread-safe. */
  public static class Policy {
    /**
     * A strategy (none, constant, linear, exponential, full-jitter, equal-jitter, decorrelated-jitter,
     * decorrelated-jitter-v2, randomized, additive) or a preset (google-http-client, google-drive, aws-simpledb,
     * aws-sdk-standard, aws-sdk-legacy, aws-sdk-2026, aws-dynamodb-2026, ethernet, truncated-binary, grpc), as the backoff
     * schedule command takes them.
     * Default: exponential from 100ms, doubling, capped at 20s, with full jitter.
     */
    private String strategy;

    /** The first wait (the median first wait for decorrelated-jitter-v2). Default 100ms. */
    @DurationProperty
    private Duration base;

    /** The largest wait. Default: none (20s for the decorrelated jitters). */
    @DurationProperty
    private Duration cap;

    /** The growth per retry of the exponential strategies, at least 1. Default 2. */
    private Double multiplier;

    /** The increment per retry of linear. Default: the base. */
    @DurationProperty
    private Duration step;

    /** The randomization factor of randomized, in [0, 1]. Default 0.5. */
    private Double factor;

    /** The largest random amount additive adds to each wait. Default: the base. */
    @DurationProperty
    private Duration jitter;

    /** Stop the growth of the wait after this many retries. */
    private Integer truncateAfter;

    /** The maximum number of attempts, the first included (1: no retry). Default 3. */
    private Integer maxAttempts;

    /** The total time budget from the start of the first attempt. Default: none. */
    @DurationProperty
    private Duration maxElapsed;

    /** The timeout of each attempt (of a Mono or Flux: its whole subscription). Default: none. */
    @DurationProperty
    private Duration attemptTimeout;

    /** Exception classes (fully qualified names) to retry; default: every Exception. */
    private List<String> retryOn = new ArrayList<>();

    /** Exception classes (fully qualified names) that stop the retries at once. */
    private List<String> abortOn = new ArrayList<>();

    /** The name of a budget under backoff.budgets that limits this policy's retries. */
    private String budget;

    public String getStrategy() {
      return strategy;
    }

    public void setStrategy(String strategy) {
      this.strategy = strategy;
    }

    public Duration getBase() {
      return base;
    }

    public void setBase(Duration base) {
      this.base = base;
    }

    public Duration getCap() {
      return cap;
    }

    public void setCap(Duration cap) {
      this.cap = cap;
    }

    public Double getMultiplier() {
      return multiplier;
    }

    public void setMultiplier(Double multiplier) {
      this.multiplier = multiplier;
    }

    public Duration getStep() {
      return step;
    }

    public void setStep(Duration step) {
      this.step = step;
    }

    public Double getFactor() {
      return factor;
    }

    public void setFactor(Double factor) {
      this.factor = factor;
    }

    public Duration getJitter() {
      return jitter;
    }

    public void setJitter(Duration jitter) {
      this.jitter = jitter;
    }

    public Integer getTruncateAfter() {
      return truncateAfter;
    }

    public void setTruncateAfter(Integer truncateAfter) {
      this.truncateAfter = truncateAfter;
    }

    public Integer getMaxAttempts() {
      return maxAttempts;
    }

    public void setMaxAttempts(Integer maxAttempts) {
      this.maxAttempts = maxAttempts;
    }

    public Duration getMaxElapsed() {
      return maxElapsed;
    }

    public void setMaxElapsed(Duration maxElapsed) {
      this.maxElapsed = maxElapsed;
    }

    public Duration getAttemptTimeout() {
      return attemptTimeout;
    }

    public void setAttemptTimeout(Duration attemptTimeout) {
      this.attemptTimeout = attemptTimeout;
    }

    public List<String> getRetryOn() {
      return retryOn;
    }

    public void setRetryOn(List<String> retryOn) {
      this.retryOn = retryOn;
    }

    public List<String> getAbortOn() {
      return abortOn;
    }

    public void setAbortOn(List<String> abortOn) {
      this.abortOn = abortOn;
    }

    public String getBudget() {
      return budget;
    }

    public void setBudget(String budget) {
      this.budget = budget;
    }
  }

  /** One retry budget; which parameters apply depends on its type. Not thread-safe. */
  public static class Budget {
    /**
     * token-bucket (gRPC retry throttling), retry-quota (AWS SDK standard mode before 2026), retry-quota-2026 (the
     * AWS SDKs' quota from 2026) or ratio (Finagle).
     */
    private String type;

    /** token-bucket: the bucket's size, in [1, 1000]; retries are allowed above half of it. Default 100. */
    private Integer maxTokens;

    /** token-bucket: the tokens a success adds back, in (0, max-tokens]. Default 0.1. */
    private Double tokenRatio;

    /** retry-quota, retry-quota-2026: the quota's size in units. Default 500. */
    private Integer capacity;

    /** retry-quota, retry-quota-2026: the units a retry costs. Default 5 (retry-quota-2026: 14). */
    private Integer retryCost;

    /** retry-quota, retry-quota-2026: the units a retry after a timeout costs. Default 10 (retry-quota-2026: 14). */
    private Integer timeoutCost;

    /** retry-quota-2026: the units a retry after throttling (429, 503, a throttling error) costs. Default 5. */
    private Integer throttlingCost;

    /** ratio: retries allowed as a fraction of the requests in the window, in [0, 10]. Default 0.2. */
    private Double percent;

    /** ratio: the sliding window, at least 10ms. Default 10s. */
    @DurationProperty
    private Duration window;

    /** ratio: retries per second of the window always allowed. Default 10. */
    private Integer minRetriesPerSecond;

    public String getType() {
      return type;
    }

    public void setType(String type) {
      this.type = type;
    }

    public Integer getMaxTokens() {
      return maxTokens;
    }

    public void setMaxTokens(Integer maxTokens) {
      this.maxTokens = maxTokens;
    }

    public Double getTokenRatio() {
      return tokenRatio;
    }

    public void setTokenRatio(Double tokenRatio) {
      this.tokenRatio = tokenRatio;
    }

    public Integer getCapacity() {
      return capacity;
    }

    public void setCapacity(Integer capacity) {
      this.capacity = capacity;
    }

    public Integer getThrottlingCost() {
      return throttlingCost;
    }

    public void setThrottlingCost(Integer throttlingCost) {
      this.throttlingCost = throttlingCost;
    }

    public Integer getRetryCost() {
      return retryCost;
    }

    public void setRetryCost(Integer retryCost) {
      this.retryCost = retryCost;
    }

    public Integer getTimeoutCost() {
      return timeoutCost;
    }

    public void setTimeoutCost(Integer timeoutCost) {
      this.timeoutCost = timeoutCost;
    }

    public Double getPercent() {
      return percent;
    }

    public void setPercent(Double percent) {
      this.percent = percent;
    }

    public Duration getWindow() {
      return window;
    }

    public void setWindow(Duration window) {
      this.window = window;
    }

    public Integer getMinRetriesPerSecond() {
      return minRetriesPerSecond;
    }

    public void setMinRetriesPerSecond(Integer minRetriesPerSecond) {
      this.minRetriesPerSecond = minRetriesPerSecond;
    }
  }

  /**
   * The named policy each kind of HTTP client Spring Boot builds retries under, and the HTTP options they share
   * (backoff-spring-web's {@code HttpRetryOptions}). Unset values take the defaults. Not thread-safe.
   */
  public static class Http {
    /** Every RestClient.Builder Spring Boot creates. */
    private Client restclient = new Client();

    /** Every RestTemplate a RestTemplateBuilder of Spring Boot's builds. */
    private Client resttemplate = new Client();

    /** Every WebClient.Builder Spring Boot creates. */
    private Client webclient = new Client();

    /**
     * The response statuses retried, each in [100, 599]; any other is returned as it is. An empty list retries
     * failures only. Default: 429, 500, 502, 503, 504.
     */
    private List<Integer> retryableStatuses;

    /**
     * The request methods retried (case-sensitive); a request with an Idempotency-Key header is retried whatever
     * its method. Default: GET, HEAD, OPTIONS, TRACE, PUT, DELETE.
     */
    private List<String> retryableMethods;

    /** The longest Retry-After followed; a 429 or 503 asking for more stops the retries. Default 1m. */
    @DurationProperty
    private Duration maxRetryAfter;

    /** A millisecond hint header followed on retryable responses, such as x-amz-retry-after. Default: none. */
    private String retryAfterMillisHeader;

    /**
     * Whether a client whose policy names no budget gets a retry budget of its own (the AWS SDKs' 2026 retry
     * quota, one per kind of client).
     */
    private boolean defaultBudget = true;

    public Client getRestclient() {
      return restclient;
    }

    public void setRestclient(Client restclient) {
      this.restclient = restclient;
    }

    public Client getResttemplate() {
      return resttemplate;
    }

    public void setResttemplate(Client resttemplate) {
      this.resttemplate = resttemplate;
    }

    public Client getWebclient() {
      return webclient;
    }

    public void setWebclient(Client webclient) {
      this.webclient = webclient;
    }

    public List<Integer> getRetryableStatuses() {
      return retryableStatuses;
    }

    public void setRetryableStatuses(List<Integer> retryableStatuses) {
      this.retryableStatuses = retryableStatuses;
    }

    public List<String> getRetryableMethods() {
      return retryableMethods;
    }

    public void setRetryableMethods(List<String> retryableMethods) {
      this.retryableMethods = retryableMethods;
    }

    public Duration getMaxRetryAfter() {
      return maxRetryAfter;
    }

    public void setMaxRetryAfter(Duration maxRetryAfter) {
      this.maxRetryAfter = maxRetryAfter;
    }

    public String getRetryAfterMillisHeader() {
      return retryAfterMillisHeader;
    }

    public void setRetryAfterMillisHeader(String retryAfterMillisHeader) {
      this.retryAfterMillisHeader = retryAfterMillisHeader;
    }

    public boolean isDefaultBudget() {
      return defaultBudget;
    }

    public void setDefaultBudget(boolean defaultBudget) {
      this.defaultBudget = defaultBudget;
    }
  }

  /**
   * The named policies the calls on Spring gRPC's channels retry under (backoff-grpc's
   * {@code RetryingClientInterceptor}), and its options. Unset values take the defaults. Not thread-safe.
   */
  public static class Grpc {
    /**
     * The name of the policy under backoff.policies every unary and server-streaming call retries under, unless
     * methods names another for its service or method; unset: only the calls methods names are retried.
     */
    private String policy;

    /**
     * Policies for some services or methods: the key is "package.Service" or "package.Service/Method" (in brackets:
     * backoff.grpc.methods[orders.Orders/Get]=NAME), the value the name of a policy under backoff.policies. A
     * method's entry wins over its service's, which wins over policy.
     */
    private Map<String, String> methods = new LinkedHashMap<>();

    /** The status codes retried, as io.grpc.Status.Code names them. Default: UNAVAILABLE, RESOURCE_EXHAUSTED. */
    private List<String> retryableCodes;

    /** The longest wait a server's pushback or RetryInfo may ask for; a longer one stops the retries. Default 1m. */
    private Duration maxServerDelay;

    /** The channels (the names or targets given to Spring gRPC's channel factory) retried; unset: every channel. */
    private List<String> channels;

    public String getPolicy() {
      return policy;
    }

    public void setPolicy(String policy) {
      this.policy = policy;
    }

    public Map<String, String> getMethods() {
      return methods;
    }

    public void setMethods(Map<String, String> methods) {
      this.methods = methods;
    }

    public List<String> getRetryableCodes() {
      return retryableCodes;
    }

    public void setRetryableCodes(List<String> retryableCodes) {
      this.retryableCodes = retryableCodes;
    }

    public Duration getMaxServerDelay() {
      return maxServerDelay;
    }

    public void setMaxServerDelay(Duration maxServerDelay) {
      this.maxServerDelay = maxServerDelay;
    }

    public List<String> getChannels() {
      return channels;
    }

    public void setChannels(List<String> channels) {
      this.channels = channels;
    }
  }

  /** One kind of HTTP client. Not thread-safe. */
  public static class Client {
    /** The name of the policy under backoff.policies its calls retry under; unset: no retries added. */
    private String policy;

    public String getPolicy() {
      return policy;
    }

    public void setPolicy(String policy) {
      this.policy = policy;
    }
  }
}
