/* Counter-based randomness: a draw is a pure function of (seed, run, call, sub-draw), so
 * run i's k-th draw does not depend on scheduling (P) or on other runs. */
#include "uxhw_internal.h"

#include <math.h>

static uint64_t streamSeed = 0;
static uint64_t streamRun = 0;

/* SplitMix64 finaliser (Steele, Lea, Flood 2014): a bijective 64-bit avalanche mix. */
static inline uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint64_t uxhw_hash(uint64_t seed, uint64_t run, uint64_t call, uint64_t sub)
{
	/* Chained mixes with distinct odd constants keep the four counters from aliasing. */
	uint64_t h = mix64(seed + 0x9e3779b97f4a7c15ULL);
	h = mix64(h ^ (run * 0xd1b54a32d192ed03ULL + 0x632be59bd9b4e019ULL));
	h = mix64(h ^ (call * 0xaef17502108ef2d9ULL + 0x8cb92ba72f3d8dd7ULL));
	return mix64(h ^ (sub * 0xdb4f0b9175ae2165ULL + 0x4bd2ba3b3f0d8bd1ULL));
}

void uxhw_set_stream(uint64_t seed, uint64_t run)
{
	streamSeed = seed;
	streamRun = run;
}

uint64_t uxhw_stream_run(void)
{
	return streamRun;
}

double uxhw_uniform(uint64_t k, uint32_t j)
{
	/* 53 bits centred in their cell: never exactly 0 or 1, so logs stay finite. */
	uint64_t bits = uxhw_hash(streamSeed, streamRun, k, j) >> 11;
	return ((double)bits + 0.5) * 0x1p-53;
}

double uxhw_normal(uint64_t k, uint32_t j)
{
	const double twoPi = 6.283185307179586476925286766559;
	double u1 = uxhw_uniform(k, j);
	double u2 = uxhw_uniform(k, j + 1);
	return sqrt(-2.0 * log(u1)) * cos(twoPi * u2);
}
