package io.github.backoff.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** The generic forms a caller naturally writes compile, and keep their element types (issue 23, item 2). */
class GenericsCompileTest {

  @Test
  void policyOfTheElementType_worksWithMonoAndFluxOfThatType() {
    RetryPolicy<String> policy = RetryPolicy.<String>builder().retryOn(IOException.class).build();
    BackoffRetry retry = BackoffRetry.of(policy);

    Mono<String> viaRetryWhen = Mono.just("a").retryWhen(retry);
    Mono<String> viaApply = retry.apply(Mono.just("b"));
    Flux<String> fluxViaRetryWhen = Flux.just("c").retryWhen(BackoffRetry.builder(policy).build());
    Flux<String> fluxViaApply = retry.apply(Flux.just("d"));

    StepVerifier.create(Flux.concat(viaRetryWhen, viaApply, fluxViaRetryWhen, fluxViaApply))
        .expectNext("a", "b", "c", "d").verifyComplete();
  }

  @Test
  void policyOfObjectOrWildcard_worksWithAnyElementType() {
    RetryPolicy<Object> any = RetryPolicy.builder().build();
    RetryPolicy<?> wildcard = any;
    RetryPolicy<List<Integer>> ofLists = RetryPolicy.<List<Integer>>builder().build();

    Mono<Integer> number = Mono.just(1).retryWhen(BackoffRetry.of(any));
    Mono<List<Integer>> list = BackoffRetry.of(ofLists).apply(Mono.just(List.of(2)));
    Flux<Integer> flux = BackoffRetry.of(wildcard).apply(Flux.just(3));

    assertThat(number.block()).isEqualTo(1);
    assertThat(list.block()).containsExactly(2);
    assertThat(flux.collectList().block()).containsExactly(3);
  }
}
