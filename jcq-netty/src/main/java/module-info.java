/**
 * Netty 4.2 event loop groups whose task queues are JCQ's MPSC queues:
 * {@link org.jcq.netty.JcqIoEventLoopGroup} and {@link org.jcq.netty.JcqDefaultEventLoopGroup}.
 * Netty's transport is required transitively, since the groups are Netty types; it is a provided
 * dependency of the artifact, so the application chooses its version.
 */
module org.jcq.netty {
    requires org.jcq.core;
    requires transitive io.netty.transport;
    requires transitive io.netty.common;

    exports org.jcq.netty;
}
