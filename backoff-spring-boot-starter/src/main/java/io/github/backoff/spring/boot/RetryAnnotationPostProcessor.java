package io.github.backoff.spring.boot;

import org.springframework.aop.Pointcut;
import org.springframework.aop.framework.autoproxy.AbstractBeanFactoryAwareAdvisingPostProcessor;
import org.springframework.aop.support.ComposablePointcut;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.annotation.AnnotationMatchingPointcut;
import org.springframework.aop.support.AopUtils;

/**
 * Adds the {@link Retry @Retry} advice to every bean with an annotated method, as Spring's own
 * {@code @Async} and {@code @Validated} post-processors do: no auto-proxy creator or {@code @Enable...} needed,
 * and an existing proxy (from {@code @Transactional}, say) gets the advice first, so that a retry wraps the whole
 * transaction. Checks each such bean's annotations as it is created, so a bad one stops the start-up.
 */
final class RetryAnnotationPostProcessor extends AbstractBeanFactoryAwareAdvisingPostProcessor {
  private static final long serialVersionUID = 1L;

  private final transient RetryAnnotationInterceptor interceptor;

  RetryAnnotationPostProcessor(RetryAnnotationInterceptor interceptor) {
    this.interceptor = interceptor;
    Pointcut pointcut = new ComposablePointcut(new AnnotationMatchingPointcut(Retry.class, true))
        .union(new AnnotationMatchingPointcut(null, Retry.class, true));
    this.advisor = new DefaultPointcutAdvisor(pointcut, interceptor);
    setBeforeExistingAdvisors(true);
    setProxyTargetClass(true); // as Spring Boot's default (spring.aop.proxy-target-class=true)
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    if (isEligible(bean, beanName)) {
      interceptor.validate(AopUtils.getTargetClass(bean));
    }
    return super.postProcessAfterInitialization(bean, beanName);
  }
}
