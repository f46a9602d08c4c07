/**
 * A Log4j2 {@code BlockingQueueFactory} plugin, {@link org.jcq.log4j.JcqBlockingQueueFactory},
 * that gives the {@code AsyncAppender} JCQ's blocking-consumer queue. Log4j2 is required
 * statically: whoever configures an appender brings it. The package is exported, so that Log4j2
 * can call the plugin's factory method.
 */
module org.jcq.log4j {
    requires org.jcq.core;
    requires static org.apache.logging.log4j.core;

    exports org.jcq.log4j;
}
