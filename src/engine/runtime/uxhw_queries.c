/* Queries over a whole distribution. Over a single run (bypass) the value is a point and
 * every answer is exact; in an ensemble run the query goes to the supervisor, which answers
 * once every run has reached it (uxhw_channel.c, uxhw_barrier.c, uxhw_snapshot.c). */
#include "uxhw.h"
#include "uxhw_internal.h"

#include <math.h>

/* The caller's address identifies the call site; taken in each public function. */
#define CALL_SITE ((uint64_t)(uintptr_t)__builtin_return_address(0))

static double ask(uint32_t kind, uint64_t site, double value, double arg1, double arg2, uint64_t count)
{
	UxhwRequest request = {kind, 0, site, 0, count, value, arg1, arg2};
	return uxhw_ask(&request, NULL, NULL);
}

static double bypass_moment(double value, size_t n)
{
	if (n == 0)
		return 1.0;
	return n == 1 ? value : 0.0;
}

static double bypass_gt(double value, double cutoff)
{
	if (isnan(value) || isnan(cutoff))
		return NAN;
	return value > cutoff ? 1.0 : 0.0;
}

double UxHwDoubleSample(double value)
{
	uxhw_enter();
	return uxhw_is_ensemble() ? ask(UXHW_Q_SAMPLE, CALL_SITE, value, 0, 0, 0) : value;
}

float UxHwFloatSample(float value)
{
	uxhw_enter();
	return uxhw_is_ensemble() ? (float)ask(UXHW_Q_SAMPLE + 1, CALL_SITE, value, 0, 0, 0) : value;
}

void UxHwDoubleSampleBatch(double value, double *destSampleArray, size_t numberOfRandomSamples)
{
	uxhw_enter();
	size_t n = destSampleArray != NULL ? numberOfRandomSamples : 0;
	if (uxhw_is_ensemble())
	{
		UxhwRequest request = {UXHW_Q_SAMPLE_BATCH, 0, CALL_SITE, 0, n, value, 0, 0};
		uxhw_ask(&request, destSampleArray, NULL);
		return;
	}
	for (size_t i = 0; i < n; i++)
		destSampleArray[i] = value;
}

void UxHwFloatSampleBatch(float value, float *destSampleArray, size_t numberOfRandomSamples)
{
	uxhw_enter();
	size_t n = destSampleArray != NULL ? numberOfRandomSamples : 0;
	if (uxhw_is_ensemble())
	{
		UxhwRequest request = {UXHW_Q_SAMPLE_BATCH + 1, 0, CALL_SITE, 0, n, value, 0, 0};
		uxhw_ask(&request, NULL, destSampleArray);
		return;
	}
	for (size_t i = 0; i < n; i++)
		destSampleArray[i] = value;
}

double UxHwDoubleNthMoment(double value, size_t n)
{
	uxhw_enter();
	return uxhw_is_ensemble() ? ask(UXHW_Q_NTH_MOMENT, CALL_SITE, value, 0, 0, n) : bypass_moment(value, n);
}

float UxHwFloatNthMoment(float value, size_t n)
{
	uxhw_enter();
	return (float)(uxhw_is_ensemble() ? ask(UXHW_Q_NTH_MOMENT + 1, CALL_SITE, value, 0, 0, n)
					  : bypass_moment(value, n));
}

double UxHwDoubleNthMode(double value, size_t n)
{
	uxhw_enter();
	if (uxhw_is_ensemble())
		return ask(UXHW_Q_NTH_MODE, CALL_SITE, value, 0, 0, n);
	return n == 1 ? value : NAN;
}

float UxHwFloatNthMode(float value, size_t n)
{
	uxhw_enter();
	if (uxhw_is_ensemble())
		return (float)ask(UXHW_Q_NTH_MODE + 1, CALL_SITE, value, 0, 0, n);
	return n == 1 ? value : NAN;
}

double UxHwDoubleSupportMin(double value)
{
	uxhw_enter();
	return uxhw_is_ensemble() ? ask(UXHW_Q_SUPPORT_MIN, CALL_SITE, value, 0, 0, 0) : value;
}

float UxHwFloatSupportMin(float value)
{
	uxhw_enter();
	return uxhw_is_ensemble() ? (float)ask(UXHW_Q_SUPPORT_MIN + 1, CALL_SITE, value, 0, 0, 0) : value;
}

double UxHwDoubleSupportMax(double value)
{
	uxhw_enter();
	return uxhw_is_ensemble() ? ask(UXHW_Q_SUPPORT_MAX, CALL_SITE, value, 0, 0, 0) : value;
}

float UxHwFloatSupportMax(float value)
{
	uxhw_enter();
	return uxhw_is_ensemble() ? (float)ask(UXHW_Q_SUPPORT_MAX + 1, CALL_SITE, value, 0, 0, 0) : value;
}

double UxHwDoubleProbabilityGT(double value, double cutoff)
{
	uxhw_enter();
	return uxhw_is_ensemble() ? ask(UXHW_Q_PROBABILITY_GT, CALL_SITE, value, cutoff, 0, 0) : bypass_gt(value, cutoff);
}

float UxHwFloatProbabilityGT(float value, float cutoff)
{
	uxhw_enter();
	return (float)(uxhw_is_ensemble() ? ask(UXHW_Q_PROBABILITY_GT + 1, CALL_SITE, value, cutoff, 0, 0)
					  : bypass_gt(value, cutoff));
}

double UxHwDoubleQuantile(double value, double probability)
{
	uxhw_enter();
	if (uxhw_is_ensemble())
		return ask(UXHW_Q_QUANTILE, CALL_SITE, value, probability, 0, 0);
	return probability >= 0 && probability <= 1 ? value : NAN;
}

float UxHwFloatQuantile(float value, float probability)
{
	uxhw_enter();
	if (uxhw_is_ensemble())
		return (float)ask(UXHW_Q_QUANTILE + 1, CALL_SITE, value, probability, 0, 0);
	return probability >= 0 && probability <= 1 ? value : NAN;
}

double UxHwDoubleGetIndependentCopy(double value)
{
	uxhw_enter();
	return uxhw_is_ensemble() ? ask(UXHW_Q_INDEPENDENT_COPY, CALL_SITE, value, 0, 0, 0) : value;
}

float UxHwFloatGetIndependentCopy(float value)
{
	uxhw_enter();
	return uxhw_is_ensemble() ? (float)ask(UXHW_Q_INDEPENDENT_COPY + 1, CALL_SITE, value, 0, 0, 0) : value;
}

double UxHwDoubleLimitDistributionSupport(double value, double supportMin, double supportMax)
{
	uxhw_enter();
	if (uxhw_is_ensemble())
		return ask(UXHW_Q_LIMIT_SUPPORT, CALL_SITE, value, supportMin, supportMax, 0);
	return value >= supportMin && value <= supportMax ? value : NAN;
}

float UxHwFloatLimitDistributionSupport(float value, float supportMin, float supportMax)
{
	uxhw_enter();
	if (uxhw_is_ensemble())
		return (float)ask(UXHW_Q_LIMIT_SUPPORT + 1, CALL_SITE, value, supportMin, supportMax, 0);
	return value >= supportMin && value <= supportMax ? value : NAN;
}

/* The run evaluates the model at its own prior draw; the supervisor weighs the draws (see
 * CONTRACT.md 6). A point prior (bypass) is its own posterior. */
double UxHwDoubleBayesLaplace(double (*statisticalModel)(void *, double), void *modelParams, double prior,
	double observedData, size_t numberOfObservations)
{
	uxhw_enter();
	if (!uxhw_is_ensemble())
		return prior;
	uint64_t site = CALL_SITE;
	double predicted = statisticalModel != NULL ? statisticalModel(modelParams, prior) : NAN;
	return ask(UXHW_Q_BAYES_LAPLACE, site, prior, predicted, observedData, numberOfObservations);
}

float UxHwFloatBayesLaplace(float (*statisticalModel)(void *, float), void *modelParams, float prior,
	float observedData, size_t numberOfObservations)
{
	uxhw_enter();
	if (!uxhw_is_ensemble())
		return prior;
	uint64_t site = CALL_SITE;
	double predicted = statisticalModel != NULL ? statisticalModel(modelParams, prior) : NAN;
	return (float)ask(UXHW_Q_BAYES_LAPLACE + 1, site, prior, predicted, observedData, numberOfObservations);
}
