package io.github.backoff.aws;

import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Real DynamoDB clients pointed at a loopback {@link FaultServer}, and the replies DynamoDB's JSON protocol uses. */
final class DynamoDbFaults {
  static final String JSON = "application/x-amz-json-1.0";

  private DynamoDbFaults() {}

  static DynamoDbClient client(FaultServer server, RetryStrategy strategy) {
    return DynamoDbClient.builder()
        .endpointOverride(server.uri("/"))
        .region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDEXAMPLE", "secret")))
        .httpClient(UrlConnectionHttpClient.create())
        .overrideConfiguration(o -> o.retryStrategy(strategy))
        .build();
  }

  static DynamoDbAsyncClient asyncClient(FaultServer server, RetryStrategy strategy) {
    return DynamoDbAsyncClient.builder()
        .endpointOverride(server.uri("/"))
        .region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDEXAMPLE", "secret")))
        .httpClient(NettyNioAsyncHttpClient.create())
        .overrideConfiguration(o -> o.retryStrategy(strategy))
        .build();
  }

  /** ListTables' answer. */
  static FaultReply tables() {
    return FaultReply.status(200).withHeader("Content-Type", JSON).withBody("{\"TableNames\":[\"orders\"]}");
  }

  /** A DynamoDB error of {@code type} with {@code status}, as the service sends it. */
  static FaultReply error(int status, String type) {
    return FaultReply.status(status).withHeader("Content-Type", JSON)
        .withHeader("x-amzn-RequestId", "req-" + type)
        .withBody("{\"__type\":\"com.amazonaws.dynamodb.v20120810#" + type + "\",\"message\":\"" + type + "\"}");
  }

  static FaultReply throttling() {
    return error(400, "ThrottlingException");
  }

  static FaultReply internal500() {
    return error(500, "InternalServerError");
  }

  static FaultReply withHint(FaultReply reply, Duration hint) {
    return reply.withAmzRetryAfter(hint);
  }
}
