/**
 * The Flight Recorder events of the queues (internal): the only package of the module that names
 * {@code jdk.jfr}, reached through {@link org.jcq.internal.Flight} alone, which calls in only when
 * that module is present.
 */
package org.jcq.internal.jfr;
