/**
 * JCQ core: lock-free concurrent queues built on {@link java.lang.invoke.VarHandle}s.
 * <p>
 * Only {@code org.jcq.queues} is API. Everything else is internal and not exported.
 * The module has no dependencies beyond {@code java.base}.
 */
module org.jcq.core {
    exports org.jcq.queues;
}
