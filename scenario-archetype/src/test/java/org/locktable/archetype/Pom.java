package org.locktable.archetype;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** The versions a POM file states: its own, its properties', its managed plugins' and dependencies'. */
final class Pom {
    private final Document document;
    private final XPath xpath = XPathFactory.newInstance().newXPath();

    private Pom(Document document) {
        this.document = document;
    }

    static Pom read(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(false);
        return new Pom(factory.newDocumentBuilder().parse(file.toFile()));
    }

    String version() throws XPathExpressionException {
        return text("/project/version");
    }

    String property(String name) throws XPathExpressionException {
        return text("/project/properties/" + name);
    }

    /** artifactId → version of build/pluginManagement, properties resolved; the groupId is Maven's default one. */
    Map<String, String> managedPluginVersions() throws XPathExpressionException {
        Map<String, String> versions = new LinkedHashMap<>();
        NodeList plugins = (NodeList) xpath.evaluate("/project/build/pluginManagement/plugins/plugin", document,
                XPathConstants.NODESET);
        for (int i = 0; i < plugins.getLength(); i++) {
            Element plugin = (Element) plugins.item(i);
            versions.put(child(plugin, "artifactId"), resolve(child(plugin, "version")));
        }
        return versions;
    }

    /** The version dependencyManagement gives {@code groupId:artifactId}, properties resolved, or null. */
    String managedDependencyVersion(String groupId, String artifactId) throws XPathExpressionException {
        String version = text("/project/dependencyManagement/dependencies/dependency[groupId='" + groupId
                + "' and artifactId='" + artifactId + "']/version");
        return version == null ? null : resolve(version);
    }

    private String resolve(String value) throws XPathExpressionException {
        if (value != null && value.startsWith("${") && value.endsWith("}")) {
            String name = value.substring(2, value.length() - 1);
            return name.equals("project.version") ? version() : property(name);
        }
        return value;
    }

    private String text(String path) throws XPathExpressionException {
        Node node = (Node) xpath.evaluate(path, document, XPathConstants.NODE);
        return node == null ? null : node.getTextContent().strip();
    }

    /** The text of {@code element}'s direct child {@code name} (not of one nested in its configuration), or null. */
    private static String child(Element element, String name) {
        for (Node n = element.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e.getTextContent().strip();
            }
        }
        return null;
    }
}
