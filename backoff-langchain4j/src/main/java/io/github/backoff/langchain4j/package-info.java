/**
 * Backoff for LangChain4j: {@link io.github.backoff.langchain4j.BackoffHttpClient} is a LangChain4j
 * {@code HttpClient} (the SPI of {@code langchain4j-http-client}) that sends with the JDK's client and retries each
 * request under a {@link io.github.backoff.RetryPolicy} with the HTTP rules every Backoff client shares: the waits a
 * server names ({@code Retry-After}, OpenAI's {@code x-ratelimit-reset-*}, Anthropic's reset instants), an exhausted
 * quota that stops at once, the budget and the deadline. Give its builder to a model's {@code httpClientBuilder}.
 *
 * <pre>{@code
 * ChatModel model = OpenAiChatModel.builder()
 *     .httpClientBuilder(BackoffHttpClient.builder(policy).retryAllMethods())
 *     .maxRetries(0)                          // LangChain4j's own retry off: Backoff retries each request
 *     .apiKey(apiKey).modelName("gpt-4o-mini")
 *     .build();
 * }</pre>
 */
package io.github.backoff.langchain4j;
