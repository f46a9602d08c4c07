/**
 * Queue designs that are not yet stable enough for {@code jctools-core}. Nothing here yet; designs
 * land in their own packages under {@code org.jcq.experimental} (never in a core package, which
 * would split it under JPMS) and are promoted to core by moving, not copying.
 */
package org.jcq.experimental;
