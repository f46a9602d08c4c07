import java.util.Queue;

/**
 * Which editions load and work in a JVM that denies sun.misc.Unsafe memory access. Run on JDK 24+
 * from the repository root, after the build:
 * <pre>
 * java --sun-misc-unsafe-memory-access=deny -cp jctools-benchmarks/target/benchmarks.jar \
 *     jctools-benchmarks/results/2026-11-26-peers/UnsafeDenied.java
 * </pre>
 * Prints one line per queue class: "ok" after an offer and a poll, or the throwable and its root
 * cause. Exits with 1 if one of JCQ's queues failed.
 */
public class UnsafeDenied {
    private static final String[] SHAPES = {"Spsc%sArrayQueue", "Mpsc%sArrayQueue", "Spmc%sArrayQueue",
        "Mpmc%sArrayQueue"};

    public static void main(String[] args) throws Exception {
        System.out.println(System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        boolean oursFailed = false;
        for (String shape : SHAPES) {
            String bare = String.format(shape, "");
            try16("org.jctools.queues." + bare);
            try16("org.jctools.queues.varhandle." + String.format(shape, "VarHandle"));
            try16("org.jctools.queues.atomic." + String.format(shape, "Atomic"));
            oursFailed |= !try16("org.jcq.queues." + bare);
        }
        System.exit(oursFailed ? 1 : 0);
    }

    private static boolean try16(String name) {
        try {
            @SuppressWarnings("unchecked")
            Queue<Object> q = (Queue<Object>) Class.forName(name).getConstructor(int.class).newInstance(16);
            q.offer("x");
            System.out.println(name + ": ok, polled " + q.poll());
            return true;
        } catch (Throwable t) {
            Throwable root = t;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            System.out.println(name + ": FAILED " + t.getClass().getName() + " <- " + root.getClass().getName()
                    + ": " + root.getMessage());
            return false;
        }
    }
}
