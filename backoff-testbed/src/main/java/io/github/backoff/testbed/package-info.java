/**
 * The simulator checked against a real server: {@link io.github.backoff.testbed.Testbed} runs an {@code overload}
 * scenario for real (a loopback {@code FaultServer}, {@code RetryingHttpClient} clients, the simulator's own arrival
 * and service streams), {@link io.github.backoff.testbed.Comparison} puts it beside the simulator, and
 * {@link io.github.backoff.testbed.TestbedMain} does both from the command line (docs/advise.md, "Checked against a
 * real server").
 */
package io.github.backoff.testbed;
