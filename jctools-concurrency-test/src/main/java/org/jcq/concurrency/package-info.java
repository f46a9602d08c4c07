/**
 * jcstress tests of the queues' ordering invariants. The tests themselves arrive with the
 * concurrency-test issue; the module builds now so that the layout of the project is final.
 */
package org.jcq.concurrency;
