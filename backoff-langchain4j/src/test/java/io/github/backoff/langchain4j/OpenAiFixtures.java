package io.github.backoff.langchain4j;

import io.github.backoff.testing.FaultReply;

/**
 * OpenAI's replies as its API sends them (headers, error bodies, a chat completion, a stream of chunks), for
 * {@code FaultServer}; the shapes of the Chat Completions API reference and of real responses.
 */
public final class OpenAiFixtures {
  /** The body of a 429 for the requests-per-minute limit. */
  public static final String RATE_LIMITED = "{\n  \"error\": {\n    \"message\": \"Rate limit reached for gpt-4o-mini"
      + " in organization org-Backoff0Test0Org on requests per min (RPM): Limit 500, Used 500, Requested 1. Please"
      + " try again in 120ms. Visit https://platform.openai.com/account/rate-limits to learn more.\",\n"
      + "    \"type\": \"requests\",\n    \"param\": null,\n    \"code\": \"rate_limit_exceeded\"\n  }\n}\n";
  /** The body of a 429 for an exhausted quota. */
  public static final String NO_QUOTA = "{\n  \"error\": {\n    \"message\": \"You exceeded your current quota, please"
      + " check your plan and billing details. For more information on this error, read the docs:"
      + " https://platform.openai.com/docs/guides/error-codes/api-errors.\",\n    \"type\": \"insufficient_quota\",\n"
      + "    \"param\": null,\n    \"code\": \"insufficient_quota\"\n  }\n}\n";

  private OpenAiFixtures() {}

  /**
   * A 429 for the requests-per-minute limit, with OpenAI's header set: the requests' limit exhausted (remaining 0)
   * and reset in {@code reset} (a Go duration such as {@code 120ms}), {@code retry-after-ms} saying the same, the
   * tokens' limit not exhausted.
   */
  public static FaultReply rateLimited(String reset) {
    return FaultReply.status(429)
        .withHeader("Content-Type", "application/json; charset=utf-8")
        .withHeader("x-request-id", "req_4c1a0f2e9b7d4e5f8a6b3c2d1e0f9a8b")
        .withHeader("openai-organization", "org-backoff0test0org")
        .withHeader("openai-processing-ms", "4")
        .withHeader("openai-version", "2020-10-01")
        .withHeader("x-ratelimit-limit-requests", "500")
        .withHeader("x-ratelimit-limit-tokens", "200000")
        .withHeader("x-ratelimit-remaining-requests", "0")
        .withHeader("x-ratelimit-remaining-tokens", "199982")
        .withHeader("x-ratelimit-reset-requests", reset)
        .withHeader("x-ratelimit-reset-tokens", "5ms")
        .withHeader("retry-after-ms", Long.toString(goMillis(reset)))
        .withBody(RATE_LIMITED);
  }

  /** A 429 for an exhausted quota ({@code insufficient_quota}). */
  public static FaultReply insufficientQuota() {
    return FaultReply.status(429)
        .withHeader("Content-Type", "application/json; charset=utf-8")
        .withHeader("x-request-id", "req_9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b")
        .withHeader("openai-processing-ms", "3")
        .withBody(NO_QUOTA);
  }

  /** A 200 with a chat completion whose answer is {@code content}. */
  public static FaultReply completion(String content) {
    return FaultReply.ok("{\n  \"id\": \"chatcmpl-BkoF0test0000000000000000001\",\n"
        + "  \"object\": \"chat.completion\",\n  \"created\": 1764244800,\n"
        + "  \"model\": \"gpt-4o-mini-2024-07-18\",\n  \"choices\": [\n    {\n      \"index\": 0,\n"
        + "      \"message\": {\n        \"role\": \"assistant\",\n        \"content\": \"" + content + "\",\n"
        + "        \"refusal\": null,\n        \"annotations\": []\n      },\n      \"logprobs\": null,\n"
        + "      \"finish_reason\": \"stop\"\n    }\n  ],\n  \"usage\": {\n    \"prompt_tokens\": 9,\n"
        + "    \"completion_tokens\": 8,\n    \"total_tokens\": 17,\n"
        + "    \"prompt_tokens_details\": {\"cached_tokens\": 0, \"audio_tokens\": 0},\n"
        + "    \"completion_tokens_details\": {\"reasoning_tokens\": 0, \"audio_tokens\": 0,"
        + " \"accepted_prediction_tokens\": 0, \"rejected_prediction_tokens\": 0}\n  },\n"
        + "  \"service_tier\": \"default\",\n  \"system_fingerprint\": \"fp_560af6e559\"\n}\n")
        .withHeader("Content-Type", "application/json")
        .withHeader("x-request-id", "req_0a1b2c3d4e5f60718293a4b5c6d7e8f9")
        .withHeader("x-ratelimit-remaining-requests", "499")
        .withHeader("x-ratelimit-reset-requests", "120ms");
  }

  /** A 200 streaming {@code words} as chat completion chunks, then the usage and {@code [DONE]}. */
  public static FaultReply stream(String... words) {
    String head = "{\"id\":\"chatcmpl-BkoF0test0000000000000000002\",\"object\":\"chat.completion.chunk\","
        + "\"created\":1764244800,\"model\":\"gpt-4o-mini-2024-07-18\",\"service_tier\":\"default\","
        + "\"system_fingerprint\":\"fp_560af6e559\",\"choices\":[";
    StringBuilder body = new StringBuilder();
    body.append("data: ").append(head).append("{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\","
        + "\"refusal\":null},\"logprobs\":null,\"finish_reason\":null}]}\n\n");
    for (String word : words) {
      body.append("data: ").append(head).append("{\"index\":0,\"delta\":{\"content\":\"").append(word)
          .append("\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n");
    }
    body.append("data: ").append(head).append("{\"index\":0,\"delta\":{},\"logprobs\":null,"
        + "\"finish_reason\":\"stop\"}]}\n\n");
    body.append("data: ").append(head).append("],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":")
        .append(words.length).append(",\"total_tokens\":").append(9 + words.length).append("}}\n\n");
    body.append("data: [DONE]\n\n");
    return FaultReply.ok(body.toString()).withHeader("Content-Type", "text/event-stream; charset=utf-8")
        .withHeader("x-request-id", "req_1b2c3d4e5f60718293a4b5c6d7e8f90a");
  }

  /** Milliseconds of a Go duration of the forms these fixtures use ({@code 120ms}, {@code 2s}). */
  static long goMillis(String duration) {
    if (duration.endsWith("ms")) {
      return Long.parseLong(duration.substring(0, duration.length() - 2));
    }
    if (duration.endsWith("s")) {
      return Long.parseLong(duration.substring(0, duration.length() - 1)) * 1000;
    }
    throw new IllegalArgumentException("not a duration these fixtures use: " + duration);
  }
}
