package org.jcq.reactor;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Requires;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Sinks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The compiled module descriptor (tests run on the class path, so nothing else reads it):
 * {@code org.jcq.reactor} exports its one package, requires core plainly (the factory returns
 * {@code java.util.Queue}) and Reactor statically, under the name reactor-core's jar gives itself.
 */
class ReactorModuleDescriptorTest {
    @Test
    void exportsItsPackageAndRequiresReactorStatically() throws IOException, URISyntaxException {
        final Path root = Paths.get(SinkQueues.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        final ModuleDescriptor module;
        try (InputStream in = Files.newInputStream(root.resolve("module-info.class"))) {
            module = ModuleDescriptor.read(in);
        }
        assertEquals("org.jcq.reactor", module.name());
        assertFalse(module.isOpen(), "module is open");
        assertEquals(Set.of("org.jcq.reactor"),
                module.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()), "exports");
        assertEquals(Set.of(), module.opens(), "opens");
        final Map<String, Set<Requires.Modifier>> requires = module.requires().stream()
                .collect(Collectors.toMap(Requires::name, Requires::modifiers));
        assertEquals(Set.of("java.base", "org.jcq.core", "reactor.core"), requires.keySet(), "requires");
        assertEquals(Set.of(), requires.get("org.jcq.core"), "core: neither static nor transitive");
        assertEquals(Set.of(Requires.Modifier.STATIC), requires.get("reactor.core"), "reactor.core");
    }

    @Test
    void reactorNamesItselfReactorCore() throws Exception {
        // The name module-info requires: reactor-core's Automatic-Module-Name (it has no descriptor).
        final Path jar = Paths.get(Sinks.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (JarFile file = new JarFile(jar.toFile())) {
            assertEquals("reactor.core", file.getManifest().getMainAttributes().getValue("Automatic-Module-Name"));
            assertEquals(null, file.getEntry("module-info.class"), "reactor-core now has a descriptor");
        }
    }
}
