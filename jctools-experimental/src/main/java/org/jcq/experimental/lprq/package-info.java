/**
 * LPRQ on trial: the multi-producer multi-consumer queues of Romanov and Koval ("The
 * State-of-the-Art LCRQ Concurrent Queue Algorithm Does NOT Require CAS2", PPoPP 2023), built on
 * {@link java.lang.invoke.VarHandle}s: {@link org.jcq.experimental.lprq.MpmcPrqArrayQueue}, one
 * bounded ring, and {@link org.jcq.experimental.lprq.MpmcLprqQueue}, the unbounded list of rings.
 * Every offer and poll takes a ticket with one fetch-and-add and then works on its own cell, with
 * single-word CAS only; nothing retries a claim under contention. The algorithm, its invariants
 * and why the memory orderings are enough are in the ring's class notes ({@code PrqRing}).
 * <p>
 * On trial: they move to {@code jctools-core} only if they beat {@code MpmcArrayQueue} and
 * {@code MpmcUnboundedXaddArrayQueue} where MPMC queues are contended, on a machine with the cores
 * (see {@code docs/measurements/} for what was measured, and the command for many cores). Their
 * departures from the core queues' contract are listed in each class: given-up tickets count in
 * {@code size()} until passed, a poll gives a slow offer up after a bounded wait, no iterator.
 */
package org.jcq.experimental.lprq;
