/**
 * Choosing a queue by what it must do rather than by class name.
 * <p>
 * {@link org.jcq.queues.spec.Queues#builder()} picks the queue this project's measurements say is
 * best for a shape (one or many producers, one or many consumers), a bound and what comes first
 * (throughput or footprint), and documents why. {@link org.jcq.queues.spec.ConcurrentQueueSpec},
 * {@link org.jcq.queues.spec.Ordering} and {@link org.jcq.queues.spec.Preference} are JCTools'
 * spec classes, for {@link org.jcq.queues.QueueFactory#newQueue(ConcurrentQueueSpec)}, which makes
 * JCTools' choice.
 */
package org.jcq.queues.spec;
