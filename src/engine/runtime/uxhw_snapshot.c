/* One query's answers over the ensemble. Plain-value queries get one shared answer; the
 * others (Sample, SampleBatch, GetIndependentCopy, LimitDistributionSupport, BayesLaplace)
 * get a per-run answer that is a pure function of (seed, query index, run index, values),
 * so answers do not depend on P or on the order in which runs arrive. Numeric arguments
 * that vary between runs (probability, cutoff, support bounds) are taken at their ensemble
 * mean, as a cutoff is; the integer n of NthMoment/NthMode is each run's own. */
#include "uxhw_ensemble.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Query draws use call indices with the top bit set: constructors never reach them. */
#define QUERY_DOMAIN (UINT64_C(1) << 63)
/* The "run" whose stream shuffles GetIndependentCopy (no real run has this index). */
#define SHUFFLE_RUN UINT64_MAX

static double unit(uint64_t seed, uint64_t run, uint64_t queryIndex, uint64_t j)
{
	return (double)(uxhw_hash(seed, run, QUERY_DOMAIN | queryIndex, j) >> 11) * 0x1p-53;
}

static int grow(UxhwSnapshot *s, size_t count)
{
	if (count <= s->capacity)
		return 0;
	size_t c = s->capacity ? s->capacity : 1024;
	while (c < count)
		c *= 2;
	/* On failure the arrays grown so far stay grown; capacity only counts when all did. */
#define GROW(field)                                                    \
	do                                                                 \
	{                                                                  \
		void *grown = realloc(s->field, c * sizeof *s->field);         \
		if (!grown)                                                    \
			return -1;                                                 \
		s->field = grown;                                              \
	} while (0)
	GROW(runs);
	GROW(counts);
	GROW(values);
	GROW(sorted);
	GROW(pool);
	GROW(cumulative);
#undef GROW
	s->capacity = c;
	return 0;
}

/* Mean of one argument over the runs (reuses `sorted` as scratch before it is filled). */
static double argument_mean(UxhwSnapshot *s, const UxhwRequest *const *requests, int second)
{
	for (size_t i = 0; i < s->count; i++)
		s->sorted[i] = second ? requests[i]->arg2 : requests[i]->arg1;
	return uxhw_mean(s->sorted, s->count);
}

/* Sattolo's shuffle: a uniformly random single cycle, so no run gets its own value back
 * (for two or more runs) and the copy is independent of the run's other values. */
static void shuffle_cycle(UxhwSnapshot *s)
{
	for (size_t i = 0; i < s->count; i++)
		s->pool[i] = i;
	for (size_t i = s->count; i > 1; i--)
	{
		size_t j = uxhw_below(unit(s->seed, SHUFFLE_RUN, s->queryIndex, i), i - 1);
		size_t t = s->pool[i - 1];
		s->pool[i - 1] = s->pool[j];
		s->pool[j] = t;
	}
}

/* BayesLaplace: importance weights of the prior draws under a Gaussian likelihood of the
 * observed mean (see CONTRACT.md 6); log-weights are shifted by their maximum first. */
static void bayes_weights(UxhwSnapshot *s, const UxhwRequest *const *requests)
{
	double observed = argument_mean(s, requests, 1);
	double noise = uxhw_moment(s->sorted, s->count, 2);
	uint64_t n = requests[0]->count ? requests[0]->count : 1;
	s->shared = NAN;
	if (s->count == 1)
	{
		/* A single run (as in bypass) has nothing to weigh against: its prior stands. */
		s->cumulative[0] = s->shared = 1;
		return;
	}
	if (!(noise > 0) || !isfinite(noise) || !isfinite(observed))
		return;
	double best = -INFINITY;
	for (size_t i = 0; i < s->count; i++)
	{
		double d = requests[i]->arg1 - observed;
		double logWeight = isfinite(d) && !isnan(s->values[i]) ? -0.5 * (double)n * d * d / noise : -INFINITY;
		s->cumulative[i] = logWeight;
		best = logWeight > best ? logWeight : best;
	}
	if (best == -INFINITY)
		return;
	double total = 0;
	for (size_t i = 0; i < s->count; i++)
	{
		total += exp(s->cumulative[i] - best);
		s->cumulative[i] = total;
	}
	s->shared = total;
}

int uxhw_snapshot_prepare(UxhwSnapshot *s, const UxhwRequest *const *requests, const uint64_t *runs, size_t count,
	uint64_t seed)
{
	if (grow(s, count) < 0)
		return -1;
	s->kind = requests[0]->kind & ~1u;
	s->count = count;
	s->seed = seed;
	s->queryIndex = requests[0]->index;
	s->shared = NAN;
	s->poolCount = 0;
	for (size_t i = 0; i < count; i++)
	{
		s->runs[i] = runs[i];
		s->values[i] = requests[i]->value;
		s->counts[i] = requests[i]->count;
	}
	switch (s->kind)
	{
	case UXHW_Q_PROBABILITY_GT:
		s->lo = argument_mean(s, requests, 0);
		break;
	case UXHW_Q_QUANTILE:
	case UXHW_Q_LIMIT_SUPPORT:
		s->lo = argument_mean(s, requests, 0);
		s->hi = argument_mean(s, requests, 1);
		break;
	case UXHW_Q_BAYES_LAPLACE:
		bayes_weights(s, requests);
		break;
	default:
		break;
	}
	memcpy(s->sorted, s->values, count * sizeof *s->values);
	s->ordered = uxhw_sort_values(s->sorted, count);
	switch (s->kind)
	{
	case UXHW_Q_NTH_MOMENT:
		s->shared = uxhw_moment(s->values, count, s->counts[0]);
		break;
	case UXHW_Q_NTH_MODE:
		s->shared = uxhw_nth_mode(s->sorted, s->ordered, s->counts[0]);
		break;
	case UXHW_Q_SUPPORT_MIN:
		s->shared = s->ordered > 0 ? s->sorted[0] : NAN;
		break;
	case UXHW_Q_SUPPORT_MAX:
		s->shared = s->ordered > 0 ? s->sorted[s->ordered - 1] : NAN;
		break;
	case UXHW_Q_PROBABILITY_GT:
	{
		size_t above = 0;
		for (size_t i = 0; i < count; i++)
			above += s->values[i] > s->lo;
		s->shared = isnan(s->lo) ? NAN : (double)above / (double)count;
		break;
	}
	case UXHW_Q_QUANTILE:
		s->shared = uxhw_quantile(s->sorted, s->ordered, count, s->lo);
		break;
	case UXHW_Q_INDEPENDENT_COPY:
		shuffle_cycle(s);
		break;
	case UXHW_Q_LIMIT_SUPPORT:
		for (size_t i = 0; i < count; i++)
			if (s->values[i] >= s->lo && s->values[i] <= s->hi)
				s->pool[s->poolCount++] = i;
		break;
	default:
		break;
	}
	return 0;
}

double uxhw_snapshot_answer(const UxhwSnapshot *s, size_t position, uint64_t j)
{
	uint64_t run = s->runs[position];
	switch (s->kind)
	{
	case UXHW_Q_SAMPLE:
	case UXHW_Q_SAMPLE_BATCH:
		return s->values[uxhw_below(unit(s->seed, run, s->queryIndex, j), s->count)];
	case UXHW_Q_NTH_MOMENT:
		return s->counts[position] == s->counts[0] ? s->shared
							   : uxhw_moment(s->values, s->count, s->counts[position]);
	case UXHW_Q_NTH_MODE:
		return s->counts[position] == s->counts[0] ? s->shared
							   : uxhw_nth_mode(s->sorted, s->ordered, s->counts[position]);
	case UXHW_Q_INDEPENDENT_COPY:
		return s->values[s->pool[position]];
	case UXHW_Q_LIMIT_SUPPORT:
	{
		double v = s->values[position];
		if (v >= s->lo && v <= s->hi)
			return v;
		if (s->poolCount == 0)
			return NAN;
		return s->values[s->pool[uxhw_below(unit(s->seed, run, s->queryIndex, j), s->poolCount)]];
	}
	case UXHW_Q_BAYES_LAPLACE:
	{
		if (!(s->shared > 0))
			return NAN;
		/* Inverse CDF of the weights: the first position whose running sum passes u * total. */
		double target = unit(s->seed, run, s->queryIndex, j) * s->shared;
		size_t lo = 0, hi = s->count - 1;
		while (lo < hi)
		{
			size_t mid = lo + (hi - lo) / 2;
			if (s->cumulative[mid] > target)
				hi = mid;
			else
				lo = mid + 1;
		}
		return s->values[lo];
	}
	default:
		return s->shared;
	}
}
