/* Ensemble estimators for the plain-value queries (the supervisor computes them once per
 * query over every taking-part run's value). NaN conventions follow src/dist: order
 * statistics ignore NaN values, moments of values that include NaN are NaN. */
#include "uxhw_ensemble.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int compare_nan_last(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	if (isnan(x) || isnan(y))
		return isnan(x) - isnan(y);
	return (x > y) - (x < y);
}

size_t uxhw_sort_values(double *values, size_t count)
{
	qsort(values, count, sizeof *values, compare_nan_last);
	size_t ordered = count;
	while (ordered > 0 && isnan(values[ordered - 1]))
		ordered--;
	return ordered;
}

/* Neumaier's compensated sum of scale * (values[i] - c)^power: its error does not grow with
 * the count, and the offset c keeps it relative to the spread rather than to the values'
 * magnitude. Scaling each term by 1 / count keeps every partial sum in range. */
static double scaled_power_sum(const double *values, size_t count, double c, uint64_t power, double scale)
{
	double sum = 0, compensation = 0;
	for (size_t i = 0; i < count; i++)
	{
		double d = values[i] - c, p = d;
		for (uint64_t e = 1; e < power; e++)
			p *= d;
		double term = p * scale, t = sum + term;
		compensation += fabs(sum) >= fabs(term) ? (sum - t) + term : (term - t) + sum;
		sum = t;
	}
	return sum + compensation;
}

double uxhw_mean(const double *values, size_t count)
{
	if (count == 0)
		return NAN;
	double scale = 1 / (double)count;
	double mean = scaled_power_sum(values, count, 0, 1, scale);
	if (!isfinite(mean))
		return mean; /* NaN or an infinity among the values (IEEE rules give the answer) */
	/* One correction from the deviations to that estimate: exact to about an ulp. */
	double corrected = mean + scaled_power_sum(values, count, mean, 1, scale);
	return isfinite(corrected) ? corrected : mean;
}

double uxhw_moment(const double *values, size_t count, uint64_t n)
{
	if (n == 0)
		return count > 0 ? 1.0 : NAN;
	double mean = uxhw_mean(values, count);
	if (n == 1 || !isfinite(mean))
		return mean;
	/* Central sums about the computed mean avoid cancellation. */
	return scaled_power_sum(values, count, mean, n, 1 / (double)count);
}

double uxhw_quantile(const double *sorted, size_t ordered, size_t count, double p)
{
	if (!(p >= 0 && p <= 1) || count == 0)
		return NAN;
	if (p == 0)
		return ordered > 0 ? sorted[0] : NAN;
	double rank = ceil(p * (double)count);
	size_t i = rank < 1 ? 0 : (size_t)rank - 1;
	if (i >= count)
		i = count - 1;
	return i < ordered ? sorted[i] : NAN;
}

enum { MODE_GRID = 2048 };
/* Maxima below this share of the highest are sampling noise (isolated outliers). */
static const double MODE_FLOOR = 0.01;

double uxhw_nth_mode(const double *sorted, size_t ordered, uint64_t n)
{
	size_t first = 0, end = ordered;
	while (first < end && isinf(sorted[first]))
		first++;
	while (end > first && isinf(sorted[end - 1]))
		end--;
	size_t m = end - first;
	const double *v = sorted + first;
	if (n == 0 || m == 0)
		return NAN;
	if (v[0] == v[m - 1])
		return n == 1 ? v[0] : NAN;
	/* Silverman's rule of thumb; the standard deviation alone when the IQR is 0. */
	double sd = sqrt(uxhw_moment(v, m, 2));
	double iqr = (v[(3 * m) / 4] - v[m / 4]) / 1.34;
	double spread = iqr > 0 && iqr < sd ? iqr : sd;
	double h = 0.9 * spread * pow((double)m, -0.2);
	double lo = v[0] - 3 * h, hi = v[m - 1] + 3 * h;
	double step = (hi - lo) / (MODE_GRID - 1);
	double *grid = calloc(2 * MODE_GRID, sizeof *grid);
	if (grid == NULL)
		return NAN;
	double *density = grid + MODE_GRID;
	/* Linear binning onto the grid, then a discrete convolution with the kernel. */
	for (size_t i = 0; i < m; i++)
	{
		double t = (v[i] - lo) / step;
		size_t g = (size_t)t;
		if (g >= MODE_GRID - 1)
			g = MODE_GRID - 2;
		double f = t - (double)g;
		grid[g] += 1 - f;
		grid[g + 1] += f;
	}
	double ratio = step / h;
	long reach = (long)ceil(4 / ratio);
	if (reach > MODE_GRID)
		reach = MODE_GRID;
	for (long g = 0; g < MODE_GRID; g++)
	{
		if (grid[g] == 0)
			continue;
		long from = g - reach < 0 ? 0 : g - reach, to = g + reach >= MODE_GRID ? MODE_GRID - 1 : g + reach;
		for (long t = from; t <= to; t++)
		{
			double z = (double)(t - g) * ratio;
			density[t] += grid[g] * exp(-0.5 * z * z);
		}
	}
	double top = 0;
	for (long g = 0; g < MODE_GRID; g++)
		top = density[g] > top ? density[g] : top;
	/* The n-th highest maximum: repeatedly take the highest one below the previous pick. */
	double answer = NAN, ceiling = INFINITY;
	long ceilingAt = -1;
	for (uint64_t rank = 0; rank < n; rank++)
	{
		long best = -1;
		for (long g = 0; g < MODE_GRID; g++)
		{
			double d = density[g];
			int peak = d >= MODE_FLOOR * top && (g == 0 || d > density[g - 1]) &&
				(g == MODE_GRID - 1 || d >= density[g + 1]);
			int below = d < ceiling || (d == ceiling && g > ceilingAt);
			if (peak && below && (best < 0 || d > density[best]))
				best = g;
		}
		if (best < 0)
		{
			answer = NAN;
			break;
		}
		ceiling = density[best];
		ceilingAt = best;
		answer = lo + (double)best * step;
	}
	free(grid);
	return answer;
}
