/**
 * Retries for grpc-java by gRFC A6's rules, decided by backoff-core: {@link
 * io.github.backoff.grpc.RetryingClientInterceptor}, a {@code ClientInterceptor} for unary and server-streaming
 * calls; and a typed builder of grpc-java's retry service config.
 *
 * <pre>{@code
 * ManagedChannel channel = RetryingClientInterceptor.of(policy)
 *     .applyTo(ManagedChannelBuilder.forTarget("dns:///orders:443"))
 *     .build();
 * }</pre>
 */
package io.github.backoff.grpc;
