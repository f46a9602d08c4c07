package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * The compiled module descriptor (tests run on the class path, so nothing else reads it): core is
 * {@code org.jcq.core}, exports only its API packages (the queues, choosing one, and the executors) to everyone, its internal package only to
 * the experimental module, and needs nothing but {@code java.base} at run time: {@code jdk.jfr},
 * for the Flight Recorder events, is a static requirement only (that core runs without it is
 * {@code JfrAbsentTest}'s).
 */
class ModuleDescriptorTest {
    @Test
    void coreModuleExportsOnlyApiToAllInternalsOnlyToExperimentalAndRequiresOnlyJavaBaseAndJfrStatically() throws IOException {
        final ModuleDescriptor module = CoreClasses.withRoot(root -> {
            try (InputStream in = Files.newInputStream(root.resolve("module-info.class"))) {
                return ModuleDescriptor.read(in);
            }
        });
        assertEquals("org.jcq.core", module.name());
        assertFalse(module.isOpen(), "module is open");
        assertEquals(Set.of("org.jcq.queues", "org.jcq.queues.spec", "org.jcq.executors"), module.exports().stream().filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()), "exports to everyone");
        assertEquals(Set.of("org.jcq.internal to [org.jcq.experimental]"), module.exports().stream()
                .filter(ModuleDescriptor.Exports::isQualified).map(e -> e.source() + " to " + e.targets())
                .collect(Collectors.toSet()), "qualified exports");
        assertEquals(Set.of(), module.opens(), "opens");
        assertEquals(Map.of("java.base", Set.of(ModuleDescriptor.Requires.Modifier.MANDATED),
                "jdk.jfr", Set.of(ModuleDescriptor.Requires.Modifier.STATIC)),
                module.requires().stream().collect(Collectors.toMap(ModuleDescriptor.Requires::name,
                        ModuleDescriptor.Requires::modifiers)), "requires and their modifiers");
    }
}
