package io.github.backoff.aws;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.awscore.internal.AwsErrorCode;
import software.amazon.awssdk.core.exception.SdkServiceException;

/** The module's throttling test answers as the SDK's own {@code isThrottlingException}, without its allocations. */
class AwsErrorsTest {
  private static AwsServiceException aws(int status, String code) {
    AwsServiceException.Builder b = AwsServiceException.builder().statusCode(status);
    if (code != null) {
      b.awsErrorDetails(AwsErrorDetails.builder().errorCode(code).build());
    }
    return b.build();
  }

  @Test
  void throttlingCodes_areTheSdksOwnList() {
    assertThat(AwsErrors.THROTTLING_CODES).containsExactlyInAnyOrderElementsOf(AwsErrorCode.THROTTLING_ERROR_CODES);
  }

  @Test
  void isThrottling_sdkExceptions_agreesWithTheSdksOwnTest() {
    List<SdkServiceException> cases = new ArrayList<>();
    for (int status : new int[] {400, 429, 500, 503}) {
      cases.add(aws(status, null));
      cases.add(aws(status, "ValidationException"));
      cases.add(aws(status, "InternalError"));
      for (String code : AwsErrorCode.THROTTLING_ERROR_CODES) {
        cases.add(aws(status, code));
      }
      cases.add(SdkServiceException.builder().statusCode(status).build());
    }
    for (SdkServiceException e : cases) {
      assertThat(AwsErrors.isThrottling(e)).as("%s %s", e.statusCode(), AwsErrors.errorCode(e))
          .isEqualTo(e.isThrottlingException());
    }
  }

  /** A service's own exception that counts itself as throttling where the SDK's lists would not. */
  static final class OwnThrottling extends AwsServiceException {
    OwnThrottling() {
      super(AwsServiceException.builder().statusCode(400));
    }

    @Override
    public boolean isThrottlingException() {
      return true;
    }
  }

  @Test
  void isThrottling_subclassWithItsOwnTest_isAsked() {
    assertThat(AwsErrors.isThrottling(new OwnThrottling())).isTrue();
    assertThat(AwsErrors.isThrottling(aws(400, "ValidationException"))).isFalse();
  }

  @Test
  void isTransientStatus_theSdksRetryableStatuses() {
    assertThat(List.of(500, 502, 503, 504)).allMatch(AwsErrors::isTransientStatus);
    assertThat(List.of(200, 400, 429, 501, 505)).noneMatch(AwsErrors::isTransientStatus);
  }
}
