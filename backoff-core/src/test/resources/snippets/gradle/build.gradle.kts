// The Gradle (Kotlin DSL) blocks of README.md. Gradle is not part of this build, so this file is not run; backoff-
// core's GradleSnippetsTest checks that every io.github.backoff artifact named here is one the BOM manages.
plugins {
    `java-library`
}

// tag::repositories[]
repositories {
    mavenLocal()      // what ./mvnw -B install -DskipTests put in ~/.m2/repository
    mavenCentral()
}
// end::repositories[]

// tag::dependencies[]
dependencies {
    implementation(platform("io.github.backoff:backoff-bom:VERSION"))
    implementation("io.github.backoff:backoff-core")
    testImplementation("io.github.backoff:backoff-testing")
}
// end::dependencies[]
