package io.github.backoff.spring.boot;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.aop.ProxyMethodInvocation;
import org.springframework.aop.support.AopUtils;
import org.springframework.core.MethodClassKey;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * The advice behind {@link Retry @Retry}: finds the method's policy and return kind once, then hands each call to
 * the core's drivers ({@code Retrier.call}, {@code Retrier.callAsync}) or to backoff-reactor. It decides nothing.
 * Thread-safe: the per-method plans are computed once and cached.
 */
final class RetryAnnotationInterceptor implements MethodInterceptor {
  private final Supplier<Retriers> retriers;
  private final Supplier<ReactorRetries> reactor;
  private final Map<MethodClassKey, Plan> plans = new ConcurrentHashMap<>();

  RetryAnnotationInterceptor(Supplier<Retriers> retriers, Supplier<ReactorRetries> reactor) {
    this.retriers = retriers;
    this.reactor = reactor;
  }

  private enum Kind { SYNC, ASYNC, REACTIVE }

  /** What to do for one method of one class. */
  private record Plan(Retrier<Object> retrier, Kind kind, List<Method> fallbacks, Object reactive) {}

  /** Cached for the methods of an annotated class that are not retried (non-public ones): no lookup per call. */
  private static final Plan NONE = new Plan(null, Kind.SYNC, List.of(), null);

  @Override
  public Object invoke(MethodInvocation invocation) throws Throwable {
    Object target = invocation.getThis();
    Class<?> targetClass = target != null ? AopUtils.getTargetClass(target) : invocation.getMethod().getDeclaringClass();
    Plan plan = plan(invocation.getMethod(), targetClass);
    if (plan == NONE) {
      return invocation.proceed();
    }
    switch (plan.kind) {
      case ASYNC:
        return async(plan, invocation);
      case REACTIVE:
        return reactor.get().retry(plan.reactive, () -> attempt(invocation),
            plan.fallbacks.isEmpty() ? null : failure -> fallback(plan, invocation, failure));
      default:
        try {
          return plan.retrier.call(() -> attemptChecked(invocation));
        } catch (Throwable t) {
          return fallback(plan, invocation, t);
        }
    }
  }

  /** Checks every @Retry method of {@code targetClass} at start-up (policy names, fallbacks, return types). */
  void validate(Class<?> targetClass) {
    ReflectionUtils.doWithMethods(targetClass, m -> plan(m, targetClass),
        m -> !m.isBridge() && !m.isSynthetic() && !Modifier.isStatic(m.getModifiers()) && annotation(m, targetClass) != null);
  }

  private Plan plan(Method method, Class<?> targetClass) {
    MethodClassKey key = new MethodClassKey(method, targetClass);
    Plan plan = plans.get(key);
    if (plan == null) {
      Retry retry = annotation(method, targetClass);
      plan = plans.computeIfAbsent(key, k -> retry == null ? NONE
          : newPlan(AopUtils.getMostSpecificMethod(method, targetClass), targetClass, retry));
    }
    return plan;
  }

  private static Retry annotation(Method method, Class<?> targetClass) {
    Method specific = AopUtils.getMostSpecificMethod(method, targetClass);
    Retry retry = AnnotatedElementUtils.findMergedAnnotation(specific, Retry.class);
    if (retry == null && Modifier.isPublic(specific.getModifiers())
        && specific.getDeclaringClass() != Object.class) {
      retry = AnnotatedElementUtils.findMergedAnnotation(targetClass, Retry.class);
    }
    return retry;
  }

  private Plan newPlan(Method method, Class<?> targetClass, Retry retry) {
    String where = "@Retry on " + ClassUtils.getQualifiedMethodName(method, targetClass);
    Retriers all = retriers.get();
    Retrier<Object> retrier = all.find(retry.value()).orElseThrow(() -> new BackoffConfigurationException(where,
        retry.value(), "the name of a policy defined under backoff.policies: "
            + (all.names().isEmpty() ? "none is defined" : "one of " + String.join(", ", all.names())), null));
    Class<?> type = method.getReturnType();
    Kind kind;
    Object reactive = null;
    if (CompletionStage.class.isAssignableFrom(type)) {
      if (!type.isAssignableFrom(CompletableFuture.class)) {
        throw new BackoffConfigurationException(where, type.getName(),
            "a method returning CompletableFuture or CompletionStage, a value, void, Mono or Flux", null);
      }
      kind = Kind.ASYNC;
    } else if (type.getName().equals("reactor.core.publisher.Mono")
        || type.getName().equals("reactor.core.publisher.Flux")) { // by name: Reactor may be absent
      ReactorRetries support = reactor.get();
      if (support == null) {
        throw new BackoffConfigurationException(where, type.getName(),
            "a method returning a value, void or CompletableFuture, or add io.github.backoff:backoff-reactor "
                + "to the class path for Mono and Flux", null);
      }
      kind = Kind.REACTIVE;
      try {
        reactive = support.plan(retry.value(), retrier, type);
      } catch (IllegalArgumentException e) { // a policy option Reactor cannot honour: refuse it at start-up
        throw new BackoffConfigurationException(where, retry.value(), "a policy that a Mono or Flux can follow: "
            + e.getMessage(), e);
      }
    } else {
      kind = Kind.SYNC;
    }
    return new Plan(retrier, kind, fallbacks(where, method, targetClass, retry.fallback()), reactive);
  }

  private static List<Method> fallbacks(String where, Method method, Class<?> targetClass, String name) {
    if (name.isEmpty()) {
      return List.of();
    }
    Class<?>[] params = method.getParameterTypes();
    List<Method> found = new ArrayList<>();
    ReflectionUtils.doWithMethods(targetClass, m -> {
      ReflectionUtils.makeAccessible(m);
      found.add(m);
    }, m -> {
      Class<?>[] p = m.getParameterTypes();
      return m.getName().equals(name) && !m.isBridge() && p.length == params.length + 1
          && Arrays.equals(Arrays.copyOf(p, params.length), params)
          && Throwable.class.isAssignableFrom(p[params.length])
          && ClassUtils.resolvePrimitiveIfNecessary(method.getReturnType())
              .isAssignableFrom(ClassUtils.resolvePrimitiveIfNecessary(m.getReturnType()))
          && found.stream().noneMatch(f -> Arrays.equals(f.getParameterTypes(), p)); // an override hides its parent
    });
    if (found.isEmpty()) {
      List<String> types = new ArrayList<>();
      for (Class<?> p : params) {
        types.add(p.getSimpleName());
      }
      types.add("SomeException e");
      throw new BackoffConfigurationException(where + " (fallback)", name, "a method " + name + "("
          + String.join(", ", types) + ") in " + targetClass.getName() + " returning "
          + method.getReturnType().getSimpleName(), null);
    }
    return List.copyOf(found);
  }

  /** The result of the fallback for {@code failure}, or rethrows {@code failure} if none takes it. */
  private static Object fallback(Plan plan, MethodInvocation invocation, Throwable failure) throws Throwable {
    Throwable[] candidates = failure instanceof RetryException && failure.getCause() != null
        ? new Throwable[] {failure, failure.getCause()} : new Throwable[] {failure};
    Method best = null;
    Throwable argument = null;
    int bestDistance = Integer.MAX_VALUE;
    for (Method m : plan.fallbacks) {
      Class<?> type = m.getParameterTypes()[m.getParameterCount() - 1];
      for (Throwable t : candidates) {
        int d = distance(t.getClass(), type);
        // On a tie the cause wins: it says more than the RetryException around it, and the choice must not
        // depend on the order in which reflection lists the methods.
        if (d < bestDistance || (d == bestDistance && d != Integer.MAX_VALUE && t != failure && argument == failure)) {
          bestDistance = d;
          best = m;
          argument = t;
        }
      }
    }
    if (best == null) {
      throw failure;
    }
    Object[] args = Arrays.copyOf(invocation.getArguments(), invocation.getArguments().length + 1);
    args[args.length - 1] = argument;
    try {
      return best.invoke(invocation.getThis(), args);
    } catch (InvocationTargetException e) {
      throw e.getTargetException();
    }
  }

  /** Superclass steps from {@code from} up to {@code to}; an interface match counts as far; MAX_VALUE if none. */
  private static int distance(Class<?> from, Class<?> to) {
    if (!to.isAssignableFrom(from)) {
      return Integer.MAX_VALUE;
    }
    int d = 0;
    for (Class<?> c = from; c != null; c = c.getSuperclass(), d++) {
      if (c == to) {
        return d;
      }
    }
    return 1000; // an interface
  }

  private Object async(Plan plan, MethodInvocation invocation) {
    CompletableFuture<Object> retried = plan.retrier.callAsync(() -> {
      try {
        @SuppressWarnings("unchecked")
        CompletionStage<Object> stage = (CompletionStage<Object>) attempt(invocation);
        return stage;
      } catch (Throwable t) {
        return CompletableFuture.failedFuture(t);
      }
    });
    if (plan.fallbacks.isEmpty()) {
      return retried;
    }
    // A new future for the fallback's outcome, whose cancellation still reaches the retries.
    CompletableFuture<Object> result = new CompletableFuture<>();
    retried.whenComplete((value, failure) -> {
      if (failure == null) {
        result.complete(value);
        return;
      }
      Throwable cause = failure instanceof CompletionException && failure.getCause() != null
          ? failure.getCause() : failure;
      try {
        @SuppressWarnings("unchecked")
        CompletionStage<Object> fallback = (CompletionStage<Object>) fallback(plan, invocation, cause);
        if (fallback == null) {
          result.complete(null);
        } else {
          fallback.whenComplete((v, f) -> {
            if (f == null) {
              result.complete(v);
            } else {
              result.completeExceptionally(f);
            }
          });
        }
      } catch (Throwable t) {
        result.completeExceptionally(t);
      }
    });
    result.whenComplete((v, f) -> {
      if (result.isCancelled()) {
        retried.cancel(true);
      }
    });
    return result;
  }

  /** Runs one attempt: a fresh copy of the invocation, as a proxy invocation proceeds only once. */
  private static Object attempt(MethodInvocation invocation) throws Throwable {
    return ((ProxyMethodInvocation) invocation).invocableClone().proceed();
  }

  private static Object attemptChecked(MethodInvocation invocation) throws Exception {
    try {
      return attempt(invocation);
    } catch (Exception | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new UndeclaredThrowableException(t);
    }
  }
}
