package io.github.backoff.spring.boot.it;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * The one real application context of the starter's end-to-end tests, on a random port: the test classes that
 * extend this share it (Spring's test context cache), so Tomcat starts once. Policies: {@code http} for
 * {@code @Retry} (waits of 1 ms to 4 ms), {@code remote} for the HTTP clients Spring Boot builds (no wait).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
    "backoff.budgets.local.type=token-bucket",
    "backoff.budgets.local.max-tokens=100",
    "backoff.policies.http.strategy=exponential",
    "backoff.policies.http.base=1ms",
    "backoff.policies.http.cap=4ms",
    "backoff.policies.http.max-attempts=4",
    "backoff.policies.http.retry-on=java.io.IOException",
    "backoff.policies.http.budget=local",
    "backoff.policies.remote.strategy=none",
    "backoff.policies.remote.max-attempts=3",
    "backoff.http.restclient.policy=remote",
    "backoff.http.resttemplate.policy=remote",
    "backoff.http.webclient.policy=remote",
    "management.endpoints.web.exposure.include=retries"})
abstract class SharedApplicationContext {}
