/**
 * JCQ experimental queues: designs not yet stable enough for {@code org.jcq.core}, each in a
 * package of its own (never a core package, which would split it). {@code org.jcq.queues.blocking}
 * extends core's queues, so core is required transitively. ({@code org.jcq.experimental} holds
 * only its package notes and is not exported: a module cannot export a package without classes.)
 */
module org.jcq.experimental {
    requires transitive org.jcq.core;

    exports org.jcq.queues.blocking;
}
