package org.jcq.queues.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Every relative link in the README and the pages under {@code docs/} resolves: the file or
 * folder it names exists, and a {@code #fragment} into a Markdown page names one of its headings
 * (as GitHub makes their anchors). Links to other sites are not followed (the build is offline).
 * Tests run with the module as working directory, so the repository root is {@code ..}.
 */
class DocLinksTest {
    private static final Path ROOT = Path.of("..");
    /** [text](target) and ![alt](target); the target up to a space or the closing parenthesis. */
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)\\)");

    @Test
    void everyRelativeLinkResolves() throws IOException {
        final List<Path> pages = pages();
        assertTrue(pages.size() >= 10, "too few pages found: " + pages);
        final List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages) {
            for (String target : links(Files.readString(page, StandardCharsets.UTF_8))) {
                if (target.matches("[a-z]+:.*")) {
                    continue; // https:, mailto:
                }
                checked++;
                final int hash = target.indexOf('#');
                final String file = hash < 0 ? target : target.substring(0, hash);
                final Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(ROOT.relativize(page) + ": " + target + " (no such file)");
                } else if (hash >= 0 && resolved.toString().endsWith(".md")
                        && !anchors(resolved).contains(target.substring(hash + 1))) {
                    broken.add(ROOT.relativize(page) + ": " + target + " (no such heading)");
                }
            }
        }
        assertTrue(checked >= 50, "too few links found: " + checked);
        assertEquals(List.of(), broken);
    }

    @Test
    void anchorsAreGitHubs() {
        assertEquals("departures-from-javautilconcurrent", anchor("Departures from `java.util.concurrent`"));
        assertEquals("which-queue-do-i-pick", anchor("Which queue do I pick"));
        assertEquals("where-a-padded-edition-is-larger-than-jctools-twin-and-why",
                anchor("Where a padded edition is larger than JCTools' twin, and why"));
    }

    private static List<Path> pages() throws IOException {
        final List<Path> pages = new ArrayList<>();
        pages.add(ROOT.resolve("README.md"));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            pages.addAll(docs.filter(p -> p.toString().endsWith(".md")).sorted().collect(Collectors.toList()));
        }
        return pages;
    }

    private static List<String> links(String markdown) {
        final List<String> found = new ArrayList<>();
        final StringBuilder prose = new StringBuilder();
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced) {
                prose.append(line).append('\n');
            }
        }
        final Matcher m = LINK.matcher(prose);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    private static Set<String> anchors(Path page) throws IOException {
        final Set<String> anchors = new HashSet<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
            if (line.startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced && line.startsWith("#")) {
                anchors.add(anchor(line.replaceFirst("^#+\\s*", "")));
            }
        }
        return anchors;
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
    static String anchor(String heading) {
        return heading.trim().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }
}
