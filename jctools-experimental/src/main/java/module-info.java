/**
 * JCQ experimental queues: designs not yet stable enough for {@code org.jcq.core}, each in a
 * package of its own (never a core package, which would split it). On trial: LPRQ
 * ({@code org.jcq.experimental.lprq}). The blocking queues that were tried here earlier moved to
 * core ({@code org.jcq.queues}, see {@code docs/blocking-queues.md}). ({@code org.jcq.experimental}
 * holds only its package notes and is not exported: a module cannot export a package without
 * classes.)
 */
module org.jcq.experimental {
    requires transitive org.jcq.core;

    exports org.jcq.experimental.lprq;
}
