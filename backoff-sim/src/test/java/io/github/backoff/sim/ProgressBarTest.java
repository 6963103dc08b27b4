package io.github.backoff.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressBarTest {

  @Test
  void onProgress_drawsInPlaceAndEndsWithNewline() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ProgressBar bar = new ProgressBar(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    bar.onProgress(50, 100);
    bar.onProgress(50, 100); // same percentage: not redrawn
    bar.onProgress(100, 100);
    assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(
        "\r[###############---------------]  50%  50/100 runs"
            + "\r[##############################] 100%  100/100 runs\n");
  }
}
