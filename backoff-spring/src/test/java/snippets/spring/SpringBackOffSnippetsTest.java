package snippets.spring;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SpringBackOffSnippetsTest {
  @Test
  void template_isBuiltFromTheSnippet() {
    assertThat(SpringBackOffSnippets.template().getRetryPolicy().getBackOff().toString())
        .startsWith("SpringBackOff[").contains("maxRetries=4");
  }
}
