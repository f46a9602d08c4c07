package org.jcq.queues;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the compiled main classes of jctools-core (the class path entry that holds
 * {@link SpscArrayQueue}): {@code target/classes} in a Maven build, or the module's jar.
 */
final class CoreClasses {
    private CoreClasses() {
    }

    /** Runs {@code action} with the root of the main classes: a directory, or the jar's root. */
    static <T> T withRoot(IOAction<T> action) throws IOException {
        final Path location;
        try {
            location = Path.of(SpscArrayQueue.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        if (Files.isDirectory(location)) {
            return action.apply(location);
        }
        try (FileSystem jar = FileSystems.newFileSystem(location)) {
            return action.apply(jar.getPath("/"));
        }
    }

    /** Something done with the root of the main classes. */
    interface IOAction<T> {
        T apply(Path root) throws IOException;
    }
}
