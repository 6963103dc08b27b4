package io.github.backoff.aws;

import io.github.backoff.httprules.HttpRetryOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.RetryableException;
import software.amazon.awssdk.core.exception.SdkServiceException;

/**
 * The AWS SDK's own classification of failures (its lists of throttling and transient error codes, retryable
 * statuses and exceptions, as in the SDK 2.57's {@code AwsErrorCode} and {@code SdkDefaultRetrySetting}), mapped to
 * what the core's HTTP rules understand: a throttling error is a 429 (the core's throttling kind, charged the
 * budget's throttling cost), a transient one an ordinary retryable response, a client-side I/O failure an
 * {@link IOException}. Stateless.
 */
final class AwsErrors {
  /** The SDK's throttling error codes. */
  static final Set<String> THROTTLING_CODES = Set.of("Throttling", "ThrottlingException", "ThrottledException",
      "ProvisionedThroughputExceededException", "SlowDown", "TooManyRequestsException", "RequestLimitExceeded",
      "BandwidthLimitExceeded", "RequestThrottled", "RequestThrottledException", "EC2ThrottledException",
      "TransactionInProgressException");
  /**
   * The SDK's transient error codes, with the codes that mean the client's clock is off (the SDK corrects its clock
   * before the retry).
   */
  static final Set<String> TRANSIENT_CODES = Set.of("PriorRequestNotComplete", "RequestTimeout",
      "RequestTimeoutException", "InternalError", "RequestTimeTooSkewed", "RequestExpired", "RequestInTheFuture");
  /**
   * Whether an exception's class has a throttling test of its own: the SDK's ({@code SdkServiceException}'s status
   * 429, {@code AwsServiceException}'s code list) is {@link #isThrottling}'s first two checks, asked without it, since
   * it allocates two {@code Optional}s per call; a subclass that overrides it is asked too.
   */
  private static final ClassValue<Boolean> OWN_THROTTLING_TEST = new ClassValue<>() {
    @Override
    protected Boolean computeValue(Class<?> type) {
      try {
        Class<?> declaring = type.getMethod("isThrottlingException").getDeclaringClass();
        return declaring != AwsServiceException.class && declaring != SdkServiceException.class;
      } catch (NoSuchMethodException e) {
        return true;
      }
    }
  };

  private AwsErrors() {}

  /** The error code, or null (Set.of's sets refuse to look null up). */
  static String errorCode(SdkServiceException e) {
    return e instanceof AwsServiceException aws && aws.awsErrorDetails() != null
        ? aws.awsErrorDetails().errorCode() : null;
  }

  /** Whether {@code e} asks the client to slow down: the SDK's own test, or one of its throttling codes. */
  static boolean isThrottling(SdkServiceException e) {
    String code = errorCode(e);
    return e.statusCode() == 429 || code != null && THROTTLING_CODES.contains(code)
        || OWN_THROTTLING_TEST.get(e.getClass()) && e.isThrottlingException();
  }

  /** The SDK's retryable statuses (429 is throttling), without boxing the status. */
  static boolean isTransientStatus(int status) {
    return status == 500 || status == 502 || status == 503 || status == 504;
  }

  /** Whether a service error is worth another attempt: throttling, transient, or a status the options retry. */
  static boolean isRetryable(SdkServiceException e, HttpRetryOptions options) {
    String code = errorCode(e);
    return isThrottling(e) || isTransientStatus(e.statusCode())
        || code != null && TRANSIENT_CODES.contains(code) || e.retryable()
        || options.isRetryableStatus(e.statusCode());
  }

  /**
   * A client-side failure as the shared rules judge it: the I/O failure the SDK wrapped, and its attempt timeout and
   * "retryable" exceptions as the I/O failures they are; anything else unchanged.
   */
  static Throwable attemptFailure(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof IOException io) {
        return io;
      }
      if (t instanceof UncheckedIOException unchecked) {
        return unchecked.getCause();
      }
      if (t.getCause() == t) {
        break;
      }
    }
    if (failure instanceof ApiCallAttemptTimeoutException || failure instanceof RetryableException) {
      return new IOException(failure.getMessage(), failure);
    }
    return failure;
  }
}
