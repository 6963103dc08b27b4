package io.github.backoff.grpc;

import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * A failed attempt that may not be retried whatever the policy says: the call was committed (something reached the
 * application), or its request outgrew the replay buffer, or it was cancelled. The decision core records it and
 * stops with {@code StopReason.ABORTED}; listeners see it as the {@link StatusRuntimeException} it is.
 */
final class UnretriedStatusException extends StatusRuntimeException {
  private static final long serialVersionUID = 1L;

  UnretriedStatusException(Status status, Metadata trailers) {
    super(status, trailers);
  }
}
