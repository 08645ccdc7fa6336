/*
 * uxhw.h: the UxHw API as uxkit's runtime implements it (Monte Carlo re-execution).
 *
 * Constructors return one draw of their distribution per run of the ensemble (or the
 * distribution's mean in bypass mode); queries need the whole ensemble. The runtime
 * (uxhw_runtime.c and friends) is compiled with the program; see CONTRACT.md.
 */
#ifndef UXKIT_UXHW_H
#define UXKIT_UXHW_H

#include <stddef.h>
#include <stdint.h>

/* Every run prints plain numbers; the engine turns varying numbers into Ux values. */
#define SignaloidParticleModifier ""

typedef struct
{
	float sample;
	float sampleWeight;
} WeightedFloatSample;

typedef struct
{
	double sample;
	double sampleWeight;
} WeightedDoubleSample;

#ifdef __cplusplus
extern "C" {
#endif

/* Distribution constructors. */
double UxHwDoubleUniformDist(double a, double b);
float UxHwFloatUniformDist(float a, float b);
double UxHwDoubleGaussDist(double mu, double sigma);
float UxHwFloatGaussDist(float mu, float sigma);
double UxHwDoubleExponentialDist(double mu);
float UxHwFloatExponentialDist(float mu);
double UxHwDoubleGumbel1Dist(double mu, double beta);
float UxHwFloatGumbel1Dist(float mu, float beta);
double UxHwDoubleLogisticDist(double location, double scale);
float UxHwFloatLogisticDist(float location, float scale);
double UxHwDoubleLaplaceDist(double mu, double b);
float UxHwFloatLaplaceDist(float mu, float b);
double UxHwDoubleWeibullDist(double k, double lambda);
float UxHwFloatWeibullDist(float k, float lambda);
double UxHwDoubleLognormalDist(double mu, double sigma);
float UxHwFloatLognormalDist(float mu, float sigma);
double UxHwDoubleBoundedparetoDist(double alpha, double xMin, double xMax);
float UxHwFloatBoundedparetoDist(float alpha, float xMin, float xMax);
double UxHwDoubleMixture(double a, double b, double aScale);
float UxHwFloatMixture(float a, float b, float aScale);
double UxHwDoubleDistFromSamples(double *samples, size_t sampleCount);
float UxHwFloatDistFromSamples(float *samples, size_t sampleCount);
double UxHwDoubleDistFromWeightedSamples(WeightedDoubleSample *samples, size_t weightedSampleCount);
float UxHwFloatDistFromWeightedSamples(WeightedFloatSample *samples, size_t weightedSampleCount);
/* samples: row-major sampleCount x sampleCardinality; one row lands in destinationArray. */
void UxHwDoubleDistFromMultidimensionalSamples(double *destinationArray, void *samples, size_t sampleCount,
	size_t sampleCardinality);
void UxHwFloatDistFromMultidimensionalSamples(float *destinationArray, void *samples, size_t sampleCount,
	size_t sampleCardinality);

/* Queries over the whole distribution (plain values). */
double UxHwDoubleSample(double value);
float UxHwFloatSample(float value);
void UxHwDoubleSampleBatch(double value, double *destSampleArray, size_t numberOfRandomSamples);
void UxHwFloatSampleBatch(float value, float *destSampleArray, size_t numberOfRandomSamples);
double UxHwDoubleNthMoment(double value, size_t n);
float UxHwFloatNthMoment(float value, size_t n);
double UxHwDoubleNthMode(double value, size_t n);
float UxHwFloatNthMode(float value, size_t n);
double UxHwDoubleSupportMin(double value);
float UxHwFloatSupportMin(float value);
double UxHwDoubleSupportMax(double value);
float UxHwFloatSupportMax(float value);
double UxHwDoubleProbabilityGT(double value, double cutoff);
float UxHwFloatProbabilityGT(float value, float cutoff);
double UxHwDoubleQuantile(double value, double probability);
float UxHwFloatQuantile(float value, float probability);
double UxHwDoubleGetIndependentCopy(double value);
float UxHwFloatGetIndependentCopy(float value);
double UxHwDoubleLimitDistributionSupport(double value, double supportMin, double supportMax);
float UxHwFloatLimitDistributionSupport(float value, float supportMin, float supportMax);
double UxHwDoubleBayesLaplace(double (*statisticalModel)(void *, double), void *modelParams, double prior,
	double observedData, size_t numberOfObservations);
float UxHwFloatBayesLaplace(float (*statisticalModel)(void *, float), void *modelParams, float prior,
	float observedData, size_t numberOfObservations);

#ifdef __cplusplus
}
#endif

#endif /* UXKIT_UXHW_H */
