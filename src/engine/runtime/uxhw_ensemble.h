/* Supervisor side of the queries: estimators over the ensemble's values and the per-query
 * snapshot that answers each waiting run. */
#ifndef UXKIT_UXHW_ENSEMBLE_H
#define UXKIT_UXHW_ENSEMBLE_H

#include <stddef.h>
#include <stdint.h>

#include "uxhw_internal.h"

/* Sorts ascending with NaN last; returns how many values are not NaN. */
size_t uxhw_sort_values(double *values, size_t count);
/* Mean of all values (NaN when any is NaN). */
double uxhw_mean(const double *values, size_t count);
/* n = 0: 1; n = 1: the mean; n >= 2: the n-th central moment (population, 1/count). */
double uxhw_moment(const double *values, size_t count, uint64_t n);
/* Lower quantile of sorted values (NaN last, `ordered` not NaN): smallest x with F(x) >= p. */
double uxhw_quantile(const double *sorted, size_t ordered, size_t count, double p);
/* n-th highest local maximum of a Gaussian kernel density estimate of the finite values. */
double uxhw_nth_mode(const double *sorted, size_t ordered, uint64_t n);

/* Everything needed to answer every run that waited at one query. */
typedef struct
{
	uint32_t kind; /* Double form (kind & ~1) */
	size_t count;  /* runs taking part */
	uint64_t *runs;  /* run index of each position, ascending */
	double *values;  /* each run's value, by position */
	uint64_t *counts; /* each run's n (NthMoment, NthMode) */
	double *sorted;  /* the values sorted (NaN last) */
	size_t ordered;  /* values that are not NaN */
	size_t *pool;    /* positions to draw from (LimitDistributionSupport: in range) */
	size_t poolCount;
	double *cumulative; /* BayesLaplace: running sum of the weights, by position */
	double lo, hi;
	double shared;   /* the answer common to all runs, when there is one */
	uint64_t seed;
	uint64_t queryIndex;
	size_t capacity;
} UxhwSnapshot;

/* Fills the snapshot from requests (one per taking-part run, sorted by run index). */
int uxhw_snapshot_prepare(UxhwSnapshot *snapshot, const UxhwRequest *const *requests, const uint64_t *runs,
	size_t count, uint64_t seed);
/* Run at `position`'s answer (sub-draw j for SampleBatch's j-th draw). */
double uxhw_snapshot_answer(const UxhwSnapshot *snapshot, size_t position, uint64_t j);

#endif
