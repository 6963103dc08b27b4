package io.github.backoff.httprules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The edges of an HTTP token: {@code '!'} and {@code '~'} are in, space and DEL are out. */
class HttpRetryRulesTokensTest {

  @Test
  void methodSet_visibleAsciiEdges_areAccepted() {
    assertThat(HttpRetryRules.methodSet("!", "~")).containsExactlyInAnyOrder("!", "~");
  }

  @Test
  void methodSet_spaceOrDel_isRejectedNamingIt() {
    assertThatThrownBy(() -> HttpRetryRules.methodSet("GET POST")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("methods must be HTTP tokens: \"GET POST\"");
    assertThatThrownBy(() -> HttpRetryRules.methodSet("GET\u007f")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("methods must be HTTP tokens: \"GET\u007f\"");
  }

  @Test
  void requireHeaderName_visibleAsciiEdges_areAccepted() {
    assertThat(HttpRetryRules.requireHeaderName("!~")).isEqualTo("!~");
  }

  @Test
  void requireHeaderName_spaceOrDel_isRejectedNamingIt() {
    assertThatThrownBy(() -> HttpRetryRules.requireHeaderName("Retry After"))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("header must be an HTTP token: \"Retry After\"");
    assertThatThrownBy(() -> HttpRetryRules.requireHeaderName("X\u007f"))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("header must be an HTTP token: \"X\u007f\"");
  }

  @Test
  void isRetryableStatus_outsideTheTable_isFalse() {
    HttpRetryOptions options = HttpRetryOptions.defaults();

    assertThat(options.isRetryableStatus(600)).isFalse();
    assertThat(options.isRetryableStatus(-1)).isFalse();
    assertThat(options.isRetryableStatus(599)).isFalse();
    assertThat(options.isRetryableStatus(503)).isTrue();
  }
}
