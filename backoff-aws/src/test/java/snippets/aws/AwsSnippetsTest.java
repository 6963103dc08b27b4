package snippets.aws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

class AwsSnippetsTest {
  @Test
  void snippets_runAgainstARealServer() {
    try (FaultServer server = FaultServer.start()) {
      server.enqueue(FaultReply.status(500), FaultReply.status(200)
          .withHeader("Content-Type", "application/x-amz-json-1.0").withBody("{\"TableNames\":[]}"));
      System.setProperty("aws.endpointUrl", server.uri("/").toString());
      System.setProperty("aws.accessKeyId", "AKIDEXAMPLE");
      System.setProperty("aws.secretAccessKey", "secret");
      try (DynamoDbClient dynamo = AwsSnippets.client()) {
        assertThat(dynamo.listTables().tableNames()).isEmpty();
      } finally {
        System.clearProperty("aws.endpointUrl");
        System.clearProperty("aws.accessKeyId");
        System.clearProperty("aws.secretAccessKey");
      }
      assertThat(server.requestCount()).isEqualTo(2);
      assertThat(AwsSnippets.policy().maxAttempts()).isEqualTo(5);
      assertThat(AwsSnippets.waits().maxAttempts()).isEqualTo(3);
    }
  }
}
