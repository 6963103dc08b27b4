package io.github.backoff.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link RecordedRequest}: a value with its body compared by content. */
class RecordedRequestTest {
  private static RecordedRequest request(int sequence, int connection, int port, String method, String target,
      String header, String body, long arrival) {
    return new RecordedRequest(sequence, connection, port, method, target, List.of(Map.entry("X-Id", header)),
        body.getBytes(StandardCharsets.UTF_8), arrival);
  }

  @Test
  void equals_sameFieldsAndBodyContent_areEqual_eachFieldMatters() {
    RecordedRequest a = request(1, 2, 3, "POST", "/orders?x=1", "h", "body", 4);

    assertThat(a).isEqualTo(request(1, 2, 3, "POST", "/orders?x=1", "h", "body", 4)).isNotEqualTo("a string")
        .hasSameHashCodeAs(request(1, 2, 3, "POST", "/orders?x=1", "h", "body", 4));
    assertThat(a).isNotEqualTo(request(9, 2, 3, "POST", "/orders?x=1", "h", "body", 4))
        .isNotEqualTo(request(1, 9, 3, "POST", "/orders?x=1", "h", "body", 4))
        .isNotEqualTo(request(1, 2, 9, "POST", "/orders?x=1", "h", "body", 4))
        .isNotEqualTo(request(1, 2, 3, "GET", "/orders?x=1", "h", "body", 4))
        .isNotEqualTo(request(1, 2, 3, "POST", "/other", "h", "body", 4))
        .isNotEqualTo(request(1, 2, 3, "POST", "/orders?x=1", "other", "body", 4))
        .isNotEqualTo(request(1, 2, 3, "POST", "/orders?x=1", "h", "other", 4))
        .isNotEqualTo(request(1, 2, 3, "POST", "/orders?x=1", "h", "body", 9));
  }

  @Test
  void hashCode_dependsOnSequenceAndBody() {
    RecordedRequest a = request(1, 2, 3, "POST", "/", "h", "body", 4);

    assertThat(a.hashCode()).isNotEqualTo(request(2, 2, 3, "POST", "/", "h", "body", 4).hashCode())
        .isNotEqualTo(request(1, 2, 3, "POST", "/", "h", "other", 4).hashCode())
        .isEqualTo(31 + java.util.Arrays.hashCode("body".getBytes(StandardCharsets.UTF_8)));
    assertThat(request(2, 2, 3, "POST", "/", "h", "", 4).hashCode()).isEqualTo(62 + java.util.Arrays.hashCode(new byte[0]));
  }

  @Test
  void accessors_pathHeaderRequestLineAndToString() {
    RecordedRequest a = request(7, 1, 1, "PUT", "/orders?x=1", "abc", "12345", 0);
    RecordedRequest root = request(8, 1, 1, "GET", "?q", "abc", "", 0);

    assertThat(a.path()).isEqualTo("/orders");
    assertThat(root.path()).isEmpty();
    assertThat(request(9, 1, 1, "GET", "/plain", "abc", "", 0).path()).isEqualTo("/plain");
    assertThat(a.header("x-id")).isEqualTo("abc");
    assertThat(a.header("missing")).isNull();
    assertThat(a.requestLine()).isEqualTo("PUT /orders?x=1 HTTP/1.1");
    assertThat(a.toString()).isEqualTo("RecordedRequest[#7 PUT /orders?x=1, 5 bytes]");
  }
}
