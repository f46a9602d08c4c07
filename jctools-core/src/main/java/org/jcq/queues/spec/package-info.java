/**
 * Choosing a queue by what it must do rather than by class name:
 * {@link org.jcq.queues.spec.ConcurrentQueueSpec}, {@link org.jcq.queues.spec.Ordering} and
 * {@link org.jcq.queues.spec.Preference} are JCTools' spec classes, for
 * {@link org.jcq.queues.QueueFactory#newQueue(ConcurrentQueueSpec)}, which makes JCTools' choice.
 */
package org.jcq.queues.spec;
