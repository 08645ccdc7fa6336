/* Empirical constructors: a run draws one of the given samples (by weight, or a whole row). */
#include "uxhw.h"
#include "uxhw_internal.h"

#include <math.h>
#include <stddef.h>

static size_t uniform_index(uint64_t k, size_t n)
{
	size_t i = (size_t)(uxhw_uniform(k, 0) * (double)n);
	return i < n ? i : n - 1;
}

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

double UxHwDoubleDistFromSamples(double *samples, size_t sampleCount)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	if (samples == NULL || sampleCount == 0)
		return NAN;
	if (draw)
		return samples[uniform_index(k, sampleCount)];
	UxhwSum s = {0, 0};
	for (size_t i = 0; i < sampleCount; i++)
		sum_add(&s, samples[i]);
	return (s.sum + s.carry) / (double)sampleCount;
}

float UxHwFloatDistFromSamples(float *samples, size_t sampleCount)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	if (samples == NULL || sampleCount == 0)
		return NAN;
	if (draw)
		return samples[uniform_index(k, sampleCount)];
	UxhwSum s = {0, 0};
	for (size_t i = 0; i < sampleCount; i++)
		sum_add(&s, samples[i]);
	return (float)((s.sum + s.carry) / (double)sampleCount);
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

void UxHwDoubleDistFromMultidimensionalSamples(double *destinationArray, void *samples, size_t sampleCount,
	size_t sampleCardinality)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	const double *rows = (const double *)samples;
	if (destinationArray == NULL || sampleCardinality == 0)
		return;
	for (size_t d = 0; d < sampleCardinality; d++)
	{
		if (rows == NULL || sampleCount == 0)
		{
			destinationArray[d] = NAN;
			continue;
		}
		if (draw)
			continue;
		UxhwSum s = {0, 0};
		for (size_t i = 0; i < sampleCount; i++)
			sum_add(&s, rows[i * sampleCardinality + d]);
		destinationArray[d] = (s.sum + s.carry) / (double)sampleCount;
	}
	if (draw && rows != NULL && sampleCount > 0)
	{
		const double *row = rows + uniform_index(k, sampleCount) * sampleCardinality;
		for (size_t d = 0; d < sampleCardinality; d++)
			destinationArray[d] = row[d];
	}
}

void UxHwFloatDistFromMultidimensionalSamples(float *destinationArray, void *samples, size_t sampleCount,
	size_t sampleCardinality)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	const float *rows = (const float *)samples;
	if (destinationArray == NULL || sampleCardinality == 0)
		return;
	for (size_t d = 0; d < sampleCardinality; d++)
	{
		if (rows == NULL || sampleCount == 0)
		{
			destinationArray[d] = NAN;
			continue;
		}
		if (draw)
			continue;
		UxhwSum s = {0, 0};
		for (size_t i = 0; i < sampleCount; i++)
			sum_add(&s, rows[i * sampleCardinality + d]);
		destinationArray[d] = (float)((s.sum + s.carry) / (double)sampleCount);
	}
	if (draw && rows != NULL && sampleCount > 0)
	{
		const float *row = rows + uniform_index(k, sampleCount) * sampleCardinality;
		for (size_t d = 0; d < sampleCardinality; d++)
			destinationArray[d] = row[d];
	}
}
