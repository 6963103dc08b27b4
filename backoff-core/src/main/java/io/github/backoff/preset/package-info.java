/**
 * Presets: the retry behaviour of well-known clients (Google's HTTP client and APIs, AWS SDKs and SimpleDB,
 * Ethernet), each reproduced from its documentation and citing it.
 *
 * <pre>{@code
 * RetryPolicy<String> policy = Preset.byName("aws-sdk-standard").<String>policyBuilder()
 *     .retryOn(IOException.class)
 *     .build();
 * }</pre>
 */
package io.github.backoff.preset;
