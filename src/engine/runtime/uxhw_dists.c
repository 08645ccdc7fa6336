/* Parametric distribution constructors: one draw per run (ensemble) or the mean (bypass). */
#include "uxhw.h"
#include "uxhw_internal.h"

#include <math.h>

#define UXHW_EULER_GAMMA 0.57721566490153286060651209008240243
#define UXHW_TWO_PI 6.283185307179586476925286766559

double UxHwDoubleUniformDist(double a, double b)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	if (!(b >= a))
		return NAN;
	return draw ? a + (b - a) * uxhw_uniform(k, 0) : 0.5 * (a + b);
}

double UxHwDoubleGaussDist(double mu, double sigma)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	if (!(sigma >= 0))
		return NAN;
	return draw ? mu + sigma * uxhw_normal(k, 0) : mu;
}

double UxHwDoubleExponentialDist(double mu)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	if (!(mu >= 0))
		return NAN;
	return draw ? -mu * log(uxhw_uniform(k, 0)) : mu;
}

double UxHwDoubleGumbel1Dist(double mu, double beta)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	if (!(beta >= 0))
		return NAN;
	return draw ? mu - beta * log(-log(uxhw_uniform(k, 0))) : mu + beta * UXHW_EULER_GAMMA;
}

double UxHwDoubleLogisticDist(double location, double scale)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	if (!(scale >= 0))
		return NAN;
	if (!draw)
		return location;
	double u = uxhw_uniform(k, 0);
	return location + scale * log(u / (1.0 - u));
}

double UxHwDoubleLaplaceDist(double mu, double b)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	if (!(b >= 0))
		return NAN;
	if (!draw)
		return mu;
	/* Inverse CDF; |v| < 1/2 strictly because u is in the open interval. */
	double v = uxhw_uniform(k, 0) - 0.5;
	double magnitude = -b * log1p(-2.0 * fabs(v));
	return v < 0 ? mu - magnitude : mu + magnitude;
}

double UxHwDoubleWeibullDist(double k, double lambda)
{
	uint64_t call = 0;
	int draw = uxhw_draw_index(&call);
	if (!(k > 0) || !(lambda >= 0))
		return NAN;
	return draw ? lambda * pow(-log(uxhw_uniform(call, 0)), 1.0 / k) : lambda * tgamma(1.0 + 1.0 / k);
}

double UxHwDoubleLognormalDist(double mu, double sigma)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	if (!(sigma >= 0))
		return NAN;
	return draw ? exp(mu + sigma * uxhw_normal(k, 0)) : exp(mu + 0.5 * sigma * sigma);
}

static double bounded_pareto_mean(double alpha, double lo, double hi)
{
	if (alpha == 1.0)
		return hi * lo / (hi - lo) * log(hi / lo);
	double tail = 1.0 - pow(lo / hi, alpha);
	return pow(lo, alpha) / tail * (alpha / (alpha - 1.0)) * (pow(lo, 1.0 - alpha) - pow(hi, 1.0 - alpha));
}

double UxHwDoubleBoundedparetoDist(double alpha, double xMin, double xMax)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	if (!(alpha > 0) || !(xMin > 0) || !(xMax > xMin) || isinf(xMax))
		return NAN;
	if (!draw)
		return bounded_pareto_mean(alpha, xMin, xMax);
	/* Inverse CDF: F(x) = (1 - (L/x)^a) / (1 - (L/H)^a). */
	double tail = 1.0 - pow(xMin / xMax, alpha);
	double x = xMin / pow(1.0 - uxhw_uniform(k, 0) * tail, 1.0 / alpha);
	return x > xMax ? xMax : x;
}

double UxHwDoubleMixture(double a, double b, double aScale)
{
	uint64_t k = 0;
	int draw = uxhw_draw_index(&k);
	if (!(aScale >= 0 && aScale <= 1))
		return NAN;
	if (!draw)
		return aScale * a + (1.0 - aScale) * b;
	return uxhw_uniform(k, 0) < aScale ? a : b;
}

float UxHwFloatUniformDist(float a, float b) { return (float)UxHwDoubleUniformDist(a, b); }
float UxHwFloatGaussDist(float mu, float sigma) { return (float)UxHwDoubleGaussDist(mu, sigma); }
float UxHwFloatExponentialDist(float mu) { return (float)UxHwDoubleExponentialDist(mu); }
float UxHwFloatGumbel1Dist(float mu, float beta) { return (float)UxHwDoubleGumbel1Dist(mu, beta); }
float UxHwFloatLogisticDist(float location, float scale) { return (float)UxHwDoubleLogisticDist(location, scale); }
float UxHwFloatLaplaceDist(float mu, float b) { return (float)UxHwDoubleLaplaceDist(mu, b); }
float UxHwFloatWeibullDist(float k, float lambda) { return (float)UxHwDoubleWeibullDist(k, lambda); }
float UxHwFloatLognormalDist(float mu, float sigma) { return (float)UxHwDoubleLognormalDist(mu, sigma); }
float UxHwFloatBoundedparetoDist(float alpha, float xMin, float xMax)
{
	return (float)UxHwDoubleBoundedparetoDist(alpha, xMin, xMax);
}
float UxHwFloatMixture(float a, float b, float aScale) { return (float)UxHwDoubleMixture(a, b, aScale); }
