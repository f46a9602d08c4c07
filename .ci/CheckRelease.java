import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Reads the effective POMs that {@code mvn help:effective-pom} wrote for the whole reactor and
 * checks what Maven Central needs of every published project, and that every other project is
 * kept out of the deployment. Run by .ci/check-release.sh after the release build:
 *
 * <pre>java .ci/CheckRelease.java EFFECTIVE_POM published=a,b,c tools=d,e</pre>
 *
 * For each published project: groupId, artifactId, version, name, description, url, a license
 * with a name and a url, scm connection, developerConnection and url, a developer with a name or
 * an id, no inherited URL with the artifactId appended, deployment not skipped, and for a jar
 * project the main jar (with module-info.class), the sources jar (with module-info.java) and the
 * javadoc jar (with index.html) in its build directory. For each tool project: maven.deploy.skip
 * is true. Every project of the reactor must be in one of the two lists. Prints one line per
 * finding and exits 1 if there is any.
 */
public final class CheckRelease {
    private final List<String> problems = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        if (args.length != 3 || !args[1].startsWith("published=") || !args[2].startsWith("tools=")) {
            System.err.println("usage: java CheckRelease.java EFFECTIVE_POM published=a,b tools=c,d");
            System.exit(2);
        }
        Set<String> published = names(args[1]);
        Set<String> tools = names(args[2]);
        CheckRelease check = new CheckRelease();
        check.run(new File(args[0]), published, tools);
        if (!check.problems.isEmpty()) {
            for (String p : check.problems) {
                System.out.println("FAIL " + p);
            }
            System.exit(1);
        }
    }

    private static Set<String> names(String arg) {
        String list = arg.substring(arg.indexOf('=') + 1);
        return new LinkedHashSet<>(Arrays.asList(list.split(",")));
    }

    private void run(File effectivePom, Set<String> published, Set<String> tools) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        Element root = factory.newDocumentBuilder().parse(effectivePom).getDocumentElement();
        // One project alone is written without the <projects> wrapper.
        List<Element> projects = root.getTagName().equals("project") ? List.of(root) : children(root, "project");
        Set<String> seen = new LinkedHashSet<>();
        for (Element project : projects) {
            String artifactId = text(project, "artifactId");
            seen.add(artifactId);
            if (published.contains(artifactId)) {
                checkPublished(project, artifactId);
            } else if (tools.contains(artifactId)) {
                if (!"true".equals(text(project, "properties", "maven.deploy.skip"))) {
                    problems.add(artifactId + ": a tool module, but maven.deploy.skip is not true");
                } else {
                    System.out.println("ok   " + artifactId + ": not deployed (maven.deploy.skip)");
                }
            } else {
                problems.add(artifactId + ": in the reactor but listed neither as published nor as a tool");
            }
        }
        for (String name : published) {
            if (!seen.contains(name)) {
                problems.add(name + ": listed as published but not in the effective POM");
            }
        }
        for (String name : tools) {
            if (!seen.contains(name)) {
                problems.add(name + ": listed as a tool but not in the effective POM");
            }
        }
    }

    private void checkPublished(Element project, String artifactId) throws IOException {
        int before = problems.size();
        for (String field : new String[] {"groupId", "artifactId", "version", "name", "description", "url"}) {
            require(project, artifactId, field);
        }
        boolean license = false;
        for (Element l : children(child(project, "licenses"), "license")) {
            license |= !text(l, "name").isEmpty() && !text(l, "url").isEmpty();
        }
        if (!license) {
            problems.add(artifactId + ": no license with a name and a url");
        }
        require(project, artifactId, "scm", "connection");
        require(project, artifactId, "scm", "developerConnection");
        require(project, artifactId, "scm", "url");
        boolean developer = false;
        for (Element d : children(child(project, "developers"), "developer")) {
            developer |= !text(d, "name").isEmpty() || !text(d, "id").isEmpty();
        }
        if (!developer) {
            problems.add(artifactId + ": no developer with a name or an id");
        }
        // Maven appends a module's artifactId to an inherited URL unless told not to.
        for (String[] path : new String[][] {{"url"}, {"scm", "url"}, {"scm", "connection"}, {"scm", "developerConnection"}}) {
            String value = text(project, path);
            if (value.endsWith("/" + artifactId) || value.endsWith("/" + artifactId + "/")) {
                problems.add(artifactId + ": " + String.join("/", path) + " has the artifactId appended: " + value);
            }
        }
        if ("true".equals(text(project, "properties", "maven.deploy.skip"))) {
            problems.add(artifactId + ": published, but maven.deploy.skip is true");
        }
        String packaging = text(project, "packaging");
        if (packaging.isEmpty() || packaging.equals("jar")) {
            File dir = new File(text(project, "build", "directory"));
            String base = text(project, "build", "finalName");
            requireJar(artifactId, new File(dir, base + ".jar"), "module-info.class");
            requireJar(artifactId, new File(dir, base + "-sources.jar"), "module-info.java");
            requireJar(artifactId, new File(dir, base + "-javadoc.jar"), "index.html");
        } else if (!packaging.equals("pom")) {
            problems.add(artifactId + ": packaging " + packaging + " is not checked by this script");
        }
        if (problems.size() == before) {
            System.out.println("ok   " + artifactId + ": metadata" + (packaging.equals("pom") ? "" : ", jar, sources jar, javadoc jar"));
        }
    }

    private void require(Element project, String artifactId, String... path) {
        if (text(project, path).isEmpty()) {
            problems.add(artifactId + ": no " + String.join("/", path));
        }
    }

    private void requireJar(String artifactId, File jar, String entry) throws IOException {
        if (!jar.isFile()) {
            problems.add(artifactId + ": missing " + jar);
            return;
        }
        try (ZipFile zip = new ZipFile(jar)) {
            if (zip.getEntry(entry) == null) {
                problems.add(artifactId + ": " + jar.getName() + " has no " + entry);
            }
        }
    }

    /** The trimmed text of the element at the path of direct children, or "" if there is none. */
    private static String text(Element from, String... path) {
        Element e = from;
        for (String name : path) {
            e = child(e, name);
            if (e == null) {
                return "";
            }
        }
        return e.getTextContent().trim();
    }

    private static Element child(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? null : found.get(0);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        if (parent == null) {
            return found;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element && ((Element) n).getTagName().equals(name)) {
                found.add((Element) n);
            }
        }
        return found;
    }
}
