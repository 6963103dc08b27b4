package snippets;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The complete {@code pom.xml} of docs/getting-started.md ({@code snippets/maven/pom.xml}, shown by
 * {@link DocSnippets}) is one a beginner can copy: it parses, compiles for the project's Java floor through
 * {@code maven.compiler.release}, imports the BOM of this very version, names only artifacts the BOM manages, and
 * pins the compiler, surefire and JUnit versions this build itself uses. Maven is not run on it here (it would need
 * the snapshot installed); these are the facts a copied pom breaks on.
 */
class MavenSnippetsTest {
  private static final Path SAMPLE = DocSnippetsTest.ROOT.resolve("backoff-core/src/test/resources/snippets/maven/pom.xml");

  @Test
  void samplePom_compilesForTheProjectsJavaFloor_withTheBomOfThisVersion() throws Exception {
    Element sample = parse(SAMPLE);
    Element parent = parse(DocSnippetsTest.ROOT.resolve("pom.xml"));

    assertThat(text(child(sample, "properties"), "maven.compiler.release"))
        .isEqualTo(text(child(parent, "properties"), "maven.compiler.release")).isEqualTo("17");
    Element bom = dependency(child(child(sample, "dependencyManagement"), "dependencies"), "backoff-bom");
    assertThat(text(bom, "version")).as("the BOM's version is this build's").isEqualTo(text(parent, "version"));
    assertThat(text(bom, "scope")).isEqualTo("import");
    assertThat(text(bom, "type")).isEqualTo("pom");
    Element junitBom = dependency(child(child(sample, "dependencyManagement"), "dependencies"), "junit-bom");
    assertThat(text(junitBom, "version")).isEqualTo(text(child(parent, "properties"), "junit.version"));
  }

  @Test
  void samplePom_namesOnlyArtifactsTheBomManages_withoutVersions() throws Exception {
    Element sample = parse(SAMPLE);
    Element bom = parse(DocSnippetsTest.ROOT.resolve("backoff-bom/pom.xml"));
    List<String> managed = new ArrayList<>();
    for (Element d : elements(child(child(bom, "dependencyManagement"), "dependencies"), "dependency")) {
      managed.add(text(d, "artifactId"));
    }

    List<Element> dependencies = elements(child(sample, "dependencies"), "dependency");
    assertThat(dependencies).extracting(d -> text(d, "artifactId"))
        .contains("backoff-core", "backoff-testing", "junit-jupiter");
    for (Element d : dependencies) {
      assertThat(text(d, "version")).as("%s takes its version from a BOM", text(d, "artifactId")).isNull();
      if (text(d, "groupId").equals("io.github.backoff")) {
        assertThat(managed).as("backoff-bom manages %s", text(d, "artifactId")).contains(text(d, "artifactId"));
      }
    }
  }

  @Test
  void samplePom_pinsThePluginVersionsThisBuildUses() throws Exception {
    Element sample = parse(SAMPLE);
    Element parent = parse(DocSnippetsTest.ROOT.resolve("pom.xml"));
    Element pinned = child(child(child(parent, "build"), "pluginManagement"), "plugins");

    List<Element> plugins = elements(child(child(sample, "build"), "plugins"), "plugin");
    assertThat(plugins).extracting(p -> text(p, "artifactId"))
        .containsExactly("maven-compiler-plugin", "maven-surefire-plugin");
    for (Element plugin : plugins) {
      Element ours = elements(pinned, "plugin").stream()
          .filter(p -> text(p, "artifactId").equals(text(plugin, "artifactId"))).findFirst().orElseThrow();
      assertThat(text(plugin, "version")).as(text(plugin, "artifactId")).isEqualTo(text(ours, "version"));
    }
  }

  private static Element parse(Path pom) throws ParserConfigurationException, SAXException, IOException {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(false);
    Document document = factory.newDocumentBuilder().parse(pom.toFile());
    return document.getDocumentElement();
  }

  private static Element child(Element parent, String name) {
    assertThat(parent).as("parent of <%s>", name).isNotNull();
    List<Element> found = elements(parent, name);
    assertThat(found).as("<%s> in <%s>", name, parent.getTagName()).hasSize(1);
    return found.get(0);
  }

  /** The direct children of {@code parent} named {@code name}. */
  private static List<Element> elements(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    NodeList children = parent.getChildNodes();
    for (int i = 0; i < children.getLength(); i++) {
      Node node = children.item(i);
      if (node instanceof Element && ((Element) node).getTagName().equals(name)) {
        found.add((Element) node);
      }
    }
    return found;
  }

  /** The text of the direct child {@code name}, or null without one. */
  private static String text(Element parent, String name) {
    List<Element> found = elements(parent, name);
    return found.isEmpty() ? null : found.get(0).getTextContent().strip();
  }

  private static Element dependency(Element dependencies, String artifactId) {
    return elements(dependencies, "dependency").stream().filter(d -> artifactId.equals(text(d, "artifactId")))
        .findFirst().orElseThrow(() -> new AssertionError("no dependency " + artifactId));
  }
}
