package io.github.backoff.spring.boot;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code backoff.*} duration property, so that {@link DurationPropertyConverter} reads it in the core's one
 * grammar and no other {@code Duration} property of the application is touched.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
@interface DurationProperty {}
