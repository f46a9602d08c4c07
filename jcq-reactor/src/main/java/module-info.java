/**
 * JCQ queues for Project Reactor's unicast sinks: {@link org.jcq.reactor.SinkQueues} says which
 * queue fits which sink and builds it. Reactor is required statically: the factory's code uses no
 * Reactor class (its documentation links to Reactor's), so the module runs without Reactor, and
 * whoever passes its queues to a sink brings Reactor along. {@code reactor.core} is the name
 * reactor-core's jar gives itself (Automatic-Module-Name, 3.8.8). Core is not required
 * transitively: the factory's methods return {@link java.util.Queue}.
 */
// "requires-automatic": reactor-core 3.8.8 has no module descriptor, only an Automatic-Module-Name.
@SuppressWarnings("requires-automatic")
module org.jcq.reactor {
    requires org.jcq.core;
    requires static reactor.core;

    exports org.jcq.reactor;
}
