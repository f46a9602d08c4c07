/**
 * JCQ core: lock-free concurrent queues built on {@link java.lang.invoke.VarHandle}s.
 * <p>
 * {@code org.jcq.queues} (the queues), {@code org.jcq.queues.spec} (choosing one) and
 * {@code org.jcq.executors} (thread pools with these queues as work queues) are API.
 * Everything else is internal: {@code org.jcq.internal} is exported to {@code org.jcq.experimental}
 * alone, whose queues share core's helpers (how a waiting thread tells that it is virtual), and to
 * no other module. The module needs nothing beyond {@code java.base} at run time: it requires
 * {@code jdk.jfr} statically, for its Flight Recorder events ({@code org.jcq.internal.jfr}),
 * which it reaches only when that module is there (see {@code org.jcq.internal.Flight}).
 */
// "module": the qualified export names a module that is not there when core compiles.
@SuppressWarnings("module")
module org.jcq.core {
    requires static jdk.jfr;

    exports org.jcq.queues;
    exports org.jcq.queues.spec;
    exports org.jcq.executors;
    exports org.jcq.internal to org.jcq.experimental;
}
