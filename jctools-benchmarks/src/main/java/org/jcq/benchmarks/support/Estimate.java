package org.jcq.benchmarks.support;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * A mean with the half-width of its confidence interval, as JMH reports a score and its error.
 *
 * @param mean  the estimate
 * @param error the confidence interval's half-width; {@code NaN} when it cannot be computed
 *              (fewer than two samples)
 * @param n     the number of samples behind it (0 for derived estimates such as ratios)
 */
public record Estimate(double mean, double error, int n) {
    /** The confidence level JMH uses for its score errors. */
    public static final double DEFAULT_CONFIDENCE = 0.999;

    /** Fewest samples with a defined sample variance. */
    private static final int MIN_SAMPLES_FOR_ERROR = 2;

    /**
     * The sample mean and the half-width of its two-sided Student-t confidence interval,
     * {@code t(1 - (1 - confidence) / 2, n - 1) * s / sqrt(n)}.
     *
     * @param samples    the observations, at least one
     * @param confidence the confidence level, in (0, 1)
     * @return the estimate; its error is NaN for a single sample
     * @throws IllegalArgumentException if there are no samples or the level is out of range
     */
    public static Estimate of(double[] samples, double confidence) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence not in (0, 1): " + confidence);
        }
        final int n = samples.length;
        double sum = 0;
        for (double x : samples) {
            sum += x;
        }
        final double mean = sum / n;
        if (n < MIN_SAMPLES_FOR_ERROR) {
            return new Estimate(mean, Double.NaN, n);
        }
        double squares = 0;
        for (double x : samples) {
            final double d = x - mean;
            squares += d * d;
        }
        final double stdDev = Math.sqrt(squares / (n - 1));
        final double tailProbability = (1 - confidence) / 2;
        final double t = new TDistribution(n - 1).inverseCumulativeProbability(1 - tailProbability);
        return new Estimate(mean, t * stdDev / Math.sqrt(n), n);
    }

    /** @return {@link #of(double[], double)} at {@link #DEFAULT_CONFIDENCE} */
    public static Estimate of(double[] samples) {
        return of(samples, DEFAULT_CONFIDENCE);
    }

    /**
     * The ratio of this estimate to another, with relative errors added in quadrature (first-order
     * propagation for independent estimates): {@code r = a / b},
     * {@code err = r * sqrt((ea / a)^2 + (eb / b)^2)}.
     *
     * @param other the denominator
     * @return the ratio; its error is NaN if either error is
     */
    public Estimate ratioTo(Estimate other) {
        final double r = mean / other.mean;
        final double relA = error / mean;
        final double relB = other.error / other.mean;
        return new Estimate(r, Math.abs(r) * Math.sqrt(relA * relA + relB * relB), 0);
    }
}
