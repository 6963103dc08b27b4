package io.github.backoff.httprules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * {@link HttpRetryOptions#isRetryableMethod} answers for the interned {@code "GET"} by identity, without the set
 * (see docs/benchmarks.md, "Where the interceptor's time went"): the answer must be the set's for every way the
 * options can be built, and for a {@code "GET"} that is equal but not the same string.
 */
class HttpRetryOptionsFastPathTest {
  /** Equal to "GET" but another object, as a parser that builds the method from bytes would give it. */
  private static final String PARSED_GET = new String(new char[] {'G', 'E', 'T'});

  @Test
  void isRetryableMethod_internedAndParsedGet_sameAnswerAsTheSet() {
    HttpRetryOptions[] all = {
        HttpRetryOptions.defaults(),
        HttpRetryOptions.builder().withRetryableMethods("PUT", "DELETE").build(),
        HttpRetryOptions.builder().withRetryableMethods("GET").build(),
        HttpRetryOptions.builder().retryAllMethods().build(),
        HttpRetryOptions.builder().withRetryableMethods("PUT").build().toBuilder().build(),
    };
    boolean[] expected = {true, false, true, true, false};
    assertThat(PARSED_GET).isEqualTo("GET").isNotSameAs("GET");
    for (int i = 0; i < all.length; i++) {
      HttpRetryOptions o = all[i];
      assertThat(o.isRetryableMethod("GET", false)).as("options %s, interned GET", o).isEqualTo(expected[i]);
      assertThat(o.isRetryableMethod(PARSED_GET, false)).as("options %s, parsed GET", o).isEqualTo(expected[i]);
      assertThat(o.isRetryableMethod("GET", true)).as("options %s, GET with a key", o).isTrue();
      assertThat(o.isRetryableMethod("get", false)).as("options %s, lower case", o)
          .isEqualTo(o.retryableMethods().isEmpty());
    }
  }

  @Test
  void isRetryableMethod_otherMethods_stillReadTheSet() {
    HttpRetryOptions o = HttpRetryOptions.builder().withRetryableMethods("PUT", "GET").build();

    assertThat(o.isRetryableMethod("PUT", false)).isTrue();
    assertThat(o.isRetryableMethod("POST", false)).isFalse();
    assertThat(o.isRetryableMethod("POST", true)).isTrue();
  }

  @Test
  void isRetryableMethod_nullMethod_throwsAsBefore() {
    assertThatThrownBy(() -> HttpRetryOptions.defaults().isRetryableMethod(null, false))
        .isInstanceOf(NullPointerException.class);
  }
}
