/**
 * Queue designs that are not yet stable enough for {@code jctools-core}. Each lands in a package
 * of its own (never a core package, which would split it under JPMS) and is promoted to core by
 * moving, not copying. On trial: LPRQ ({@code org.jcq.experimental.lprq}). The bounded blocking
 * array queues tried here earlier (package {@code org.jcq.queues.blocking}, with a
 * lock-and-conditions wait protocol) were replaced by core's blocking queues, which share one
 * lock-free wait protocol. This package itself holds only these notes.
 */
package org.jcq.experimental;
