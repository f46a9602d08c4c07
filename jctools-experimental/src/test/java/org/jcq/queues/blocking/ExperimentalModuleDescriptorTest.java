package org.jcq.queues.blocking;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The compiled module descriptor (tests run on the class path, so nothing else reads it):
 * {@code org.jcq.experimental} exports the blocking queues' package only and requires core
 * transitively (the queues' public supertypes are core's).
 */
class ExperimentalModuleDescriptorTest {
    @Test
    void exportsBlockingPackageAndRequiresCoreTransitively() throws IOException, URISyntaxException {
        final Path root = Paths.get(SpscBlockingArrayQueue.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        final ModuleDescriptor module;
        try (InputStream in = Files.newInputStream(root.resolve("module-info.class"))) {
            module = ModuleDescriptor.read(in);
        }
        assertEquals("org.jcq.experimental", module.name());
        assertFalse(module.isOpen(), "module is open");
        assertEquals(Set.of("org.jcq.queues.blocking"),
                module.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()), "exports");
        assertEquals(Set.of(), module.opens(), "opens");
        final ModuleDescriptor.Requires core = module.requires().stream()
                .filter(r -> r.name().equals("org.jcq.core")).findFirst()
                .orElseThrow(() -> new AssertionError("does not require org.jcq.core: " + module.requires()));
        assertTrue(core.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE), "core not transitive");
        assertEquals(Set.of("java.base", "org.jcq.core"),
                module.requires().stream().map(ModuleDescriptor.Requires::name).collect(Collectors.toSet()), "requires");
    }
}
