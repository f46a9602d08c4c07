/**
 * Apache Pekko mailbox types on JCQ's multi-producer single-consumer queues: name one in
 * {@code application.conf} as a mailbox's {@code mailbox-type}. Pekko is the user's own (a
 * {@code provided} dependency), so it is required here as the automatic modules its jars name.
 */
module org.jcq.pekko {
    requires org.jcq.core;
    // Pekko's types (and Scala's, and Config) are in this module's API: transitive.
    requires transitive pekko.actor;
    requires transitive scala.library;
    requires transitive typesafe.config;

    exports org.jcq.pekko;
}
