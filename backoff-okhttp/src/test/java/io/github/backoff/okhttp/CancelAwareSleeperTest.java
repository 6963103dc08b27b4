package io.github.backoff.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.testing.FakeClock;
import java.time.Duration;
import okhttp3.Call;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import org.junit.jupiter.api.Test;

class CancelAwareSleeperTest {
  private final FakeClock clock = new FakeClock();
  private final Call call = new OkHttpClient().newCall(new Request.Builder().url("http://127.0.0.1:9/").build());

  @Test
  void sleep_notCanceled_sleepsTheWholeWaitIn20msSlices() throws InterruptedException {
    new CancelAwareSleeper(clock::sleep, call).sleep(Duration.ofMillis(50).toNanos());

    assertThat(clock.sleeps()).containsExactly(Duration.ofMillis(20), Duration.ofMillis(20), Duration.ofMillis(10));
  }

  @Test
  void sleep_canceledMidWait_returnsAfterTheCurrentSlice() throws InterruptedException {
    new CancelAwareSleeper(nanos -> {
      clock.sleep(nanos);
      if (clock.nanoTime() >= Duration.ofMillis(40).toNanos()) {
        call.cancel();
      }
    }, call).sleep(Duration.ofSeconds(60).toNanos());

    assertThat(clock.nanoTime()).isEqualTo(Duration.ofMillis(40).toNanos());
  }

  @Test
  void sleep_alreadyCanceled_doesNotSleep() throws InterruptedException {
    call.cancel();

    new CancelAwareSleeper(clock::sleep, call).sleep(Duration.ofSeconds(1).toNanos());

    assertThat(clock.sleeps()).isEmpty();
  }

  @Test
  void sleep_interrupted_throws() {
    Thread.currentThread().interrupt();

    assertThatThrownBy(() -> new CancelAwareSleeper(clock::sleep, call).sleep(1_000))
        .isInstanceOf(InterruptedException.class);
    assertThat(Thread.interrupted()).isFalse();
  }
}
