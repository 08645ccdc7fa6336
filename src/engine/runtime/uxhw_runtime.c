/* First-call initialisation: reads the UXKIT_* environment and picks bypass or ensemble. */
#define _GNU_SOURCE
#include "uxhw_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { UXHW_UNINIT = 0, UXHW_BYPASS = 1, UXHW_ENSEMBLE = 2 };

static int uxhwState = UXHW_UNINIT;
static uint64_t uxhwCallIndex = 0;

_Noreturn void uxhw_fail(int status, const char *message, const char *detail)
{
	/* Keep what the program printed so far (the supervisor's buffers are empty, so this
	 * never prints twice), then say what went wrong with one write(2). */
	fflush(NULL);
	char line[512];
	int n = snprintf(line, sizeof line, "uxhw: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
	if (n > 0)
		(void)!write(2, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
	_exit(status);
}

static uint64_t parse_u64(const char *name, uint64_t fallback, uint64_t min, uint64_t max)
{
	const char *text = getenv(name);
	if (text == NULL || text[0] == '\0')
		return fallback;
	char *end = NULL;
	errno = 0;
	unsigned long long value = strtoull(text, &end, 10);
	if (errno != 0 || *end != '\0' || text[0] == '-' || text[0] == '+' || value < min || value > max)
	{
		char detail[160];
		snprintf(detail, sizeof detail, "%s=%.40s (expected an integer in %llu..%llu)", name, text,
			(unsigned long long)min, (unsigned long long)max);
		uxhw_fail(UXHW_EXIT_CONFIG, "malformed environment variable", detail);
	}
	return (uint64_t)value;
}

static void uxhw_init(void)
{
	const char *mode = getenv("UXKIT_MODE");
	if (mode == NULL || mode[0] == '\0' || strcmp(mode, "bypass") == 0)
	{
		uxhwState = UXHW_BYPASS;
		return;
	}
	if (strcmp(mode, "ensemble") != 0)
		uxhw_fail(UXHW_EXIT_CONFIG, "UXKIT_MODE must be 'ensemble' or 'bypass', got", mode);

	UxhwConfig config;
	config.runs = parse_u64("UXKIT_RUNS", 1024, 1, 10000000);
	config.parallel = parse_u64("UXKIT_PARALLEL", 1, 1, 1u << 20);
	config.seed = parse_u64("UXKIT_SEED", 0, 0, UINT64_MAX);
	config.maxOutput = parse_u64("UXKIT_MAX_OUTPUT", (uint64_t)64 << 20, 0, (uint64_t)1 << 40);
	config.maxWaiting = parse_u64("UXKIT_MAX_WAITING", 100000, 1, 10000000);
	config.outDir = getenv("UXKIT_OUT_DIR");
	if (config.outDir == NULL || config.outDir[0] == '\0')
		uxhw_fail(UXHW_EXIT_CONFIG, "UXKIT_OUT_DIR is required in ensemble mode", NULL);
	if (config.parallel > config.runs)
		config.parallel = config.runs;

	uint64_t run = uxhw_fork_ensemble(&config);
	uxhw_set_stream(config.seed, run);
	uxhwState = UXHW_ENSEMBLE;
}

void uxhw_enter(void)
{
	if (uxhwState == UXHW_UNINIT)
		uxhw_init();
}

int uxhw_is_ensemble(void)
{
	return uxhwState == UXHW_ENSEMBLE;
}

uint64_t uxhw_next_call(void)
{
	return uxhwCallIndex++;
}
