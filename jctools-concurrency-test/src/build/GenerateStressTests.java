import java.nio.file.Files;
import java.nio.file.Path;

/** Placeholder: the jcstress test generator is being written. */
public final class GenerateStressTests {
    public static void main(String[] args) throws Exception {
        Files.createDirectories(Path.of(args[0]));
    }
}
