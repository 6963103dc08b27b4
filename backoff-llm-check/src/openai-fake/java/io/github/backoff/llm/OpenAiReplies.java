package io.github.backoff.llm;

import io.github.backoff.testing.FaultReply;
import java.time.Duration;

/**
 * OpenAI's API as a {@link io.github.backoff.testing.FaultServer} answers it in the Spring AI checks: the 429s with
 * the headers and bodies OpenAI sends, a 503, and a chat completion whole or streamed. A test source of
 * backoff-llm-check (Spring AI 2.0, Boot 4) and of backoff-boot3-compat (Spring AI 1.1, Boot 3.5), so that both
 * lines of Spring AI meet the same fake. Stateless.
 */
public final class OpenAiReplies {
  private OpenAiReplies() {}

  /**
   * OpenAI's 429 for a requests-per-minute limit: the request limit exhausted and resetting after {@code reset}, the
   * token limit not (it resets sooner), the {@code rate_limit_exceeded} body.
   */
  public static FaultReply rateLimited(Duration reset) {
    return FaultReply.status(429)
        .withHeader("Content-Type", "application/json; charset=utf-8")
        .withHeader("x-request-id", "req_6b1c0e2f4a5d4e8f9a0b1c2d3e4f5a6b")
        .withHeader("x-ratelimit-limit-requests", "500")
        .withHeader("x-ratelimit-limit-tokens", "200000")
        .withHeader("x-ratelimit-remaining-requests", "0")
        .withHeader("x-ratelimit-remaining-tokens", "199970")
        .withHeader("x-ratelimit-reset-requests", reset.toMillis() + "ms")
        .withHeader("x-ratelimit-reset-tokens", "9ms")
        .withBody("{\"error\":{\"message\":\"Rate limit reached for gpt-4o-mini in organization org-test on requests"
            + " per min (RPM): Limit 500, Used 500, Requested 1. Please try again in " + reset.toMillis() + "ms."
            + " Visit https://platform.openai.com/account/rate-limits to learn more.\",\"type\":\"requests\","
            + "\"param\":null,\"code\":\"rate_limit_exceeded\"}}");
  }

  /** OpenAI's 429 for an account out of credit: {@code insufficient_quota}, no reset. */
  public static FaultReply outOfQuota() {
    return FaultReply.status(429)
        .withHeader("Content-Type", "application/json; charset=utf-8")
        .withHeader("x-request-id", "req_0f9e8d7c6b5a49382716a5b4c3d2e1f0")
        .withBody("{\"error\":{\"message\":\"You exceeded your current quota, please check your plan and billing"
            + " details. For more information on this error, read the docs:"
            + " https://platform.openai.com/docs/guides/error-codes/api-errors.\",\"type\":\"insufficient_quota\","
            + "\"param\":null,\"code\":\"insufficient_quota\"}}");
  }

  /** OpenAI's 503 when the model is overloaded. */
  public static FaultReply overloaded() {
    return FaultReply.status(503)
        .withHeader("Content-Type", "application/json; charset=utf-8")
        .withBody("{\"error\":{\"message\":\"The server is overloaded or not ready yet.\",\"type\":\"server_error\","
            + "\"param\":null,\"code\":null}}");
  }

  /** A chat completion answering {@code content}, as OpenAI's API returns it. */
  public static FaultReply chatCompletion(String content) {
    return FaultReply.ok("{\"id\":\"chatcmpl-BZ1pT3sYl0a9kQx2cVb7nM4hJ8gFe\",\"object\":\"chat.completion\","
        + "\"created\":1764240000,\"model\":\"gpt-4o-mini-2024-07-18\",\"choices\":[{\"index\":0,\"message\":"
        + "{\"role\":\"assistant\",\"content\":\"" + content + "\",\"refusal\":null,\"annotations\":[]},"
        + "\"logprobs\":null,\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":11,\"completion_tokens\":7,"
        + "\"total_tokens\":18,\"prompt_tokens_details\":{\"cached_tokens\":0,\"audio_tokens\":0},"
        + "\"completion_tokens_details\":{\"reasoning_tokens\":0,\"audio_tokens\":0,"
        + "\"accepted_prediction_tokens\":0,\"rejected_prediction_tokens\":0}},\"service_tier\":\"default\","
        + "\"system_fingerprint\":\"fp_8bda4d3a2c\"}")
        .withHeader("Content-Type", "application/json")
        .withHeader("x-ratelimit-remaining-requests", "499")
        .withHeader("x-ratelimit-reset-requests", "120ms");
  }

  /** A streamed chat completion, as OpenAI sends it: server-sent events, a chunk per piece, then {@code [DONE]}. */
  public static FaultReply chatCompletionStream(String... pieces) {
    String head = "data: {\"id\":\"chatcmpl-BZ1pT3sYl0a9kQx2cVb7nM4hJ8gFf\",\"object\":\"chat.completion.chunk\","
        + "\"created\":1764240000,\"model\":\"gpt-4o-mini-2024-07-18\",\"service_tier\":\"default\","
        + "\"system_fingerprint\":\"fp_8bda4d3a2c\",\"choices\":[{\"index\":0,\"delta\":";
    StringBuilder events = new StringBuilder();
    events.append(head).append("{\"role\":\"assistant\",\"content\":\"\",\"refusal\":null},\"logprobs\":null,"
        + "\"finish_reason\":null}]}\n\n");
    for (String piece : pieces) {
      events.append(head).append("{\"content\":\"").append(piece)
          .append("\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n");
    }
    events.append(head).append("{},\"logprobs\":null,\"finish_reason\":\"stop\"}]}\n\n");
    events.append("data: [DONE]\n\n");
    return FaultReply.ok(events.toString())
        .withHeader("Content-Type", "text/event-stream; charset=utf-8")
        .withHeader("x-ratelimit-remaining-requests", "499")
        .withHeader("x-ratelimit-reset-requests", "120ms");
  }
}
