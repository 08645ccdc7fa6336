/* Queries over a whole distribution. Over a single run (bypass) the value is a point and
 * every answer is exact; the ensemble-wide answers arrive with the supervisor's query
 * channel, and until then an ensemble run fails loudly rather than print a wrong number. */
#include "uxhw.h"
#include "uxhw_internal.h"

#include <math.h>

static void require_bypass(const char *functionName)
{
	uxhw_enter();
	if (uxhw_is_ensemble())
		uxhw_unsupported(functionName);
}

double UxHwDoubleSample(double value)
{
	require_bypass("UxHwDoubleSample");
	return value;
}

void UxHwDoubleSampleBatch(double value, double *destSampleArray, size_t numberOfRandomSamples)
{
	require_bypass("UxHwDoubleSampleBatch");
	for (size_t i = 0; destSampleArray != NULL && i < numberOfRandomSamples; i++)
		destSampleArray[i] = value;
}

double UxHwDoubleNthMoment(double value, size_t n)
{
	require_bypass("UxHwDoubleNthMoment");
	if (n == 0)
		return 1.0;
	return n == 1 ? value : 0.0;
}

double UxHwDoubleNthMode(double value, size_t n)
{
	require_bypass("UxHwDoubleNthMode");
	return n == 1 ? value : NAN;
}

double UxHwDoubleSupportMin(double value)
{
	require_bypass("UxHwDoubleSupportMin");
	return value;
}

double UxHwDoubleSupportMax(double value)
{
	require_bypass("UxHwDoubleSupportMax");
	return value;
}

double UxHwDoubleProbabilityGT(double value, double cutoff)
{
	require_bypass("UxHwDoubleProbabilityGT");
	if (isnan(value) || isnan(cutoff))
		return NAN;
	return value > cutoff ? 1.0 : 0.0;
}

double UxHwDoubleQuantile(double value, double probability)
{
	require_bypass("UxHwDoubleQuantile");
	return probability >= 0 && probability <= 1 ? value : NAN;
}

double UxHwDoubleGetIndependentCopy(double value)
{
	require_bypass("UxHwDoubleGetIndependentCopy");
	return value;
}

double UxHwDoubleLimitDistributionSupport(double value, double supportMin, double supportMax)
{
	require_bypass("UxHwDoubleLimitDistributionSupport");
	return value >= supportMin && value <= supportMax ? value : NAN;
}

double UxHwDoubleBayesLaplace(double (*statisticalModel)(void *, double), void *modelParams, double prior,
	double observedData, size_t numberOfObservations)
{
	(void)statisticalModel;
	(void)modelParams;
	(void)observedData;
	(void)numberOfObservations;
	require_bypass("UxHwDoubleBayesLaplace");
	/* A point prior is its own posterior. */
	return prior;
}

float UxHwFloatSample(float value)
{
	require_bypass("UxHwFloatSample");
	return value;
}

void UxHwFloatSampleBatch(float value, float *destSampleArray, size_t numberOfRandomSamples)
{
	require_bypass("UxHwFloatSampleBatch");
	for (size_t i = 0; destSampleArray != NULL && i < numberOfRandomSamples; i++)
		destSampleArray[i] = value;
}

float UxHwFloatNthMoment(float value, size_t n)
{
	require_bypass("UxHwFloatNthMoment");
	if (n == 0)
		return 1.0f;
	return n == 1 ? value : 0.0f;
}

float UxHwFloatNthMode(float value, size_t n)
{
	require_bypass("UxHwFloatNthMode");
	return n == 1 ? value : NAN;
}

float UxHwFloatSupportMin(float value)
{
	require_bypass("UxHwFloatSupportMin");
	return value;
}

float UxHwFloatSupportMax(float value)
{
	require_bypass("UxHwFloatSupportMax");
	return value;
}

float UxHwFloatProbabilityGT(float value, float cutoff)
{
	require_bypass("UxHwFloatProbabilityGT");
	if (isnan(value) || isnan(cutoff))
		return NAN;
	return value > cutoff ? 1.0f : 0.0f;
}

float UxHwFloatQuantile(float value, float probability)
{
	require_bypass("UxHwFloatQuantile");
	return probability >= 0 && probability <= 1 ? value : NAN;
}

float UxHwFloatGetIndependentCopy(float value)
{
	require_bypass("UxHwFloatGetIndependentCopy");
	return value;
}

float UxHwFloatLimitDistributionSupport(float value, float supportMin, float supportMax)
{
	require_bypass("UxHwFloatLimitDistributionSupport");
	return value >= supportMin && value <= supportMax ? value : NAN;
}

float UxHwFloatBayesLaplace(float (*statisticalModel)(void *, float), void *modelParams, float prior,
	float observedData, size_t numberOfObservations)
{
	(void)statisticalModel;
	(void)modelParams;
	(void)observedData;
	(void)numberOfObservations;
	require_bypass("UxHwFloatBayesLaplace");
	return prior;
}
