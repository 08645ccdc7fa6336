/* Empirical constructors: a run draws one of the given samples (by weight, or a whole row). */
#include "uxhw.h"
#include "uxhw_internal.h"

#include <math.h>
#include <stddef.h>

/* Neumaier's compensated sum keeps the bypass mean exact-ish for 1e5 samples. */
typedef struct
{
	double sum;
	double carry;
} UxhwSum;

static void sum_add(UxhwSum *s, double x)
{
	double t = s->sum + x;
	s->carry += fabs(s->sum) >= fabs(x) ? (s->sum - t) + x : (x - t) + s->sum;
	s->sum = t;
}

/* A float or double element at p, as double (exact for both). */
static double value_at(const char *p, int isFloat)
{
	return isFloat ? *(const float *)p : *(const double *)p;
}

/* Compensated mean of n elements of one type, stride elements apart. */
static double strided_mean(const char *base, size_t stride, int isFloat, size_t n)
{
	size_t step = stride * (isFloat ? sizeof(float) : sizeof(double));
	UxhwSum s = {0, 0};
	for (size_t i = 0; i < n; i++)
		sum_add(&s, value_at(base + i * step, isFloat));
	return (s.sum + s.carry) / (double)n;
}

/* Shared by the Double and Float forms (the Float form rounds the result). */
static double from_samples(const void *samples, int isFloat, size_t n)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	if (samples == NULL || n == 0)
		return NAN;
	if (draw)
		return value_at((const char *)samples + uxhw_below(uxhw_uniform(k, 0), n) * (isFloat ? sizeof(float) : sizeof(double)),
			isFloat);
	return strided_mean(samples, 1, isFloat, n);
}

double UxHwDoubleDistFromSamples(double *samples, size_t sampleCount)
{
	return from_samples(samples, 0, sampleCount);
}

float UxHwFloatDistFromSamples(float *samples, size_t sampleCount)
{
	return (float)from_samples(samples, 1, sampleCount);
}

/* Shared by the Double and Float forms: values and weights read through strides. */
static double weighted(uint64_t k, int draw, const char *base, size_t stride, size_t valueOffset,
	size_t weightOffset, int isFloat, size_t n)
{
	if (base == NULL || n == 0)
		return NAN;
	UxhwSum total = {0, 0};
	UxhwSum moment = {0, 0};
	for (size_t i = 0; i < n; i++)
	{
		const char *row = base + i * stride;
		double w = isFloat ? *(const float *)(row + weightOffset) : *(const double *)(row + weightOffset);
		double x = isFloat ? *(const float *)(row + valueOffset) : *(const double *)(row + valueOffset);
		if (!(w >= 0) || isinf(w))
			return NAN;
		sum_add(&total, w);
		if (w > 0)
			sum_add(&moment, w * x);
	}
	double sumW = total.sum + total.carry;
	if (!(sumW > 0))
		return NAN;
	if (!draw)
		return (moment.sum + moment.carry) / sumW;
	double target = uxhw_uniform(k, 0) * sumW;
	double cumulative = 0;
	size_t last = 0;
	for (size_t i = 0; i < n; i++)
	{
		const char *row = base + i * stride;
		double w = isFloat ? *(const float *)(row + weightOffset) : *(const double *)(row + weightOffset);
		if (w <= 0)
			continue;
		last = i;
		cumulative += w;
		if (target < cumulative)
			break;
	}
	const char *row = base + last * stride;
	return isFloat ? *(const float *)(row + valueOffset) : *(const double *)(row + valueOffset);
}

double UxHwDoubleDistFromWeightedSamples(WeightedDoubleSample *samples, size_t weightedSampleCount)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	return weighted(k, draw, (const char *)samples, sizeof(WeightedDoubleSample),
		offsetof(WeightedDoubleSample, sample), offsetof(WeightedDoubleSample, sampleWeight), 0,
		weightedSampleCount);
}

float UxHwFloatDistFromWeightedSamples(WeightedFloatSample *samples, size_t weightedSampleCount)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	return (float)weighted(k, draw, (const char *)samples, sizeof(WeightedFloatSample),
		offsetof(WeightedFloatSample, sample), offsetof(WeightedFloatSample, sampleWeight), 1,
		weightedSampleCount);
}

/* Shared by the Double and Float forms: dest and the row-major samples are of one type. */
static void from_rows(void *dest, const void *samples, int isFloat, size_t n, size_t cardinality)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	size_t size = isFloat ? sizeof(float) : sizeof(double);
	const char *rows = samples;
	if (dest == NULL || cardinality == 0)
		return;
	const char *row = NULL;
	if (rows != NULL && n > 0 && draw)
		row = rows + uxhw_below(uxhw_uniform(k, 0), n) * cardinality * size;
	for (size_t d = 0; d < cardinality; d++)
	{
		double v = rows == NULL || n == 0 ? NAN
			: row != NULL ? value_at(row + d * size, isFloat)
			: strided_mean(rows + d * size, cardinality, isFloat, n);
		if (isFloat)
			((float *)dest)[d] = (float)v;
		else
			((double *)dest)[d] = v;
	}
}

void UxHwDoubleDistFromMultidimensionalSamples(double *destinationArray, void *samples, size_t sampleCount,
	size_t sampleCardinality)
{
	from_rows(destinationArray, samples, 0, sampleCount, sampleCardinality);
}

void UxHwFloatDistFromMultidimensionalSamples(float *destinationArray, void *samples, size_t sampleCount,
	size_t sampleCardinality)
{
	from_rows(destinationArray, samples, 1, sampleCount, sampleCardinality);
}
