package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.spi.ToolProvider;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@link Retrier#call} stays small enough for HotSpot to inline it into a hot caller (bytecode under
 * {@code -XX:FreqInlineSize}, 325 bytes on x86-64). When a rate limiter's first wait was written into it, it grew
 * to 407 bytes and the success path of {@code SuccessPathBenchmark} went from 2.2 to 4.2 ns; the rare paths now
 * live in their own methods. Measured with {@code javap}, the JDK's own disassembler.
 */
class RetrierInliningTest {
  private static final int FREQ_INLINE_SIZE = 325;

  @Test
  void call_bytecode_fitsTheJitsInlineLimit() throws Exception {
    Optional<ToolProvider> javap = ToolProvider.findFirst("javap");
    assumeThat(javap).as("javap (module jdk.jdeps)").isPresent();
    Path classes = Path.of(Retrier.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    StringWriter out = new StringWriter();

    int exit = javap.get().run(new PrintWriter(out), new PrintWriter(new StringWriter()), "-c", "-p",
        "-classpath", classes.toString(), Retrier.class.getName());

    assertThat(exit).isZero();
    assertThat(codeLength(out.toString(), "public R call(java.util.concurrent.Callable<? extends R>);"))
        .isLessThan(FREQ_INLINE_SIZE);
  }

  /** The offset of a method's last instruction, plus one: its bytecode size within one or two bytes. */
  private static int codeLength(String disassembly, String signature) {
    int from = disassembly.indexOf(signature);
    assertThat(from).as("method %s in javap's output", signature).isNotNegative();
    int to = disassembly.indexOf("\n\n", from);
    Matcher offsets = Pattern.compile("(?m)^\\s+(\\d+): ").matcher(disassembly.substring(from, to < 0
        ? disassembly.length() : to));
    int last = -1;
    while (offsets.find()) {
      last = Integer.parseInt(offsets.group(1));
    }
    assertThat(last).as("instructions of %s", signature).isPositive();
    return last + 1;
  }
}
