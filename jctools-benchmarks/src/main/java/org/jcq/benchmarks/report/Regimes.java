package org.jcq.benchmarks.report;

import java.util.Arrays;

/**
 * How one queue's forks split into a fast and a slow regime. Two threads on two cores often settle,
 * for a whole JVM launch, into one of two speeds several times apart (how the JIT laid out the
 * loops, where the heap put the queue, how the two threads fell into step), so a mean over forks
 * describes neither; the counts say how often each came up.
 * <p>
 * The rule: sort the fork means and cut at the widest step between neighbours (by ratio); if the
 * forks above the cut are on average at least {@value #GAP} times as fast as those below it, those
 * below are slow and those above fast. Otherwise every fork is in one regime, counted as fast. (A
 * fork caught between the two speeds makes two smaller steps, so the test is on the groups'
 * means, not on the step itself.)
 *
 * @param fast     forks above the step (all of them where there is none)
 * @param slow     forks below the step
 * @param fastMean the fast forks' mean score, NaN where there are none
 * @param slowMean the slow forks' mean score, NaN where there are none
 */
public record Regimes(int fast, int slow, double fastMean, double slowMean) {
    /** The smallest ratio of the fast forks' mean to the slow forks' that makes two regimes. */
    public static final double GAP = 1.5;

    /**
     * @param forkMeans one mean score per fork, higher being faster
     * @return the split
     */
    public static Regimes of(double[] forkMeans) {
        final double[] xs = forkMeans.clone();
        Arrays.sort(xs);
        int cut = 0;
        double widest = 1;
        for (int i = 1; i < xs.length; i++) {
            if (xs[i - 1] > 0 && xs[i] / xs[i - 1] > widest) {
                widest = xs[i] / xs[i - 1];
                cut = i;
            }
        }
        if (cut == 0 || mean(xs, cut, xs.length) < GAP * mean(xs, 0, cut)) {
            return new Regimes(xs.length, 0, mean(xs, 0, xs.length), Double.NaN);
        }
        return new Regimes(xs.length - cut, cut, mean(xs, cut, xs.length), mean(xs, 0, cut));
    }

    private static double mean(double[] xs, int from, int to) {
        return from == to ? Double.NaN : Arrays.stream(xs, from, to).average().orElse(Double.NaN);
    }

    /** @return the share of forks in the slow regime, in percent */
    public double slowPercent() {
        return 100.0 * slow / (fast + slow);
    }

    /** @return e.g. {@code "5 fast, 3 slow"} */
    public String counts() {
        return fast + " fast, " + slow + " slow";
    }
}
