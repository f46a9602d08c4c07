/**
 * Queue designs that are not yet stable enough for {@code jctools-core}. Each lands in a package
 * of its own (never a core package, which would split it under JPMS) and is promoted to core by
 * moving, not copying. So far: {@code org.jcq.queues.blocking}, bounded array queues that are
 * also {@link java.util.concurrent.BlockingQueue}s. This package itself holds only these notes.
 */
package org.jcq.experimental;
