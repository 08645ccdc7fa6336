/* Traced values (TraceVariables on Reference cores): the engine instruments the program so
 * that `__uxkit_trace(id, value)` (C, C++) or `call uxkit_trace(id, value)` (Fortran) runs
 * after a traced line. Each run keeps the last value per id in a file shared by every
 * process (CONTRACT.md section 9), so no supervisor hook is needed: a run's writes land in
 * the file even if it later crashes. */
#define _GNU_SOURCE
#include "uxhw_internal.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Defined by the engine's generated uxkit_traces.c in instrumented builds. */
extern const unsigned __uxkit_trace_count __attribute__((weak));

static double *traceValues = NULL;
static unsigned char *traceSet = NULL;
static uint64_t traceRuns = 0;
static uint64_t traceCount = 0;

/* Before main: the mapping must exist before the fork so every run shares it. */
__attribute__((constructor)) static void uxhw_trace_init(void)
{
	if (&__uxkit_trace_count == NULL || __uxkit_trace_count == 0)
		return;
	const char *mode = getenv("UXKIT_MODE");
	const char *dir = getenv("UXKIT_OUT_DIR");
	const char *runsText = getenv("UXKIT_RUNS");
	if (mode == NULL || strcmp(mode, "ensemble") != 0 || dir == NULL || dir[0] == '\0')
		return;
	/* A malformed UXKIT_RUNS is reported by the runtime at its first call; skip tracing. */
	char *end = NULL;
	unsigned long long runs = runsText != NULL && runsText[0] != '\0' ? strtoull(runsText, &end, 10) : 1024;
	if ((end != NULL && *end != '\0') || runs < 1 || runs > 10000000)
		return;
	uint64_t rows = runs + 1, count = __uxkit_trace_count;
	size_t size = 16 + rows * count * 9;
	char path[4096];
	if ((size_t)snprintf(path, sizeof path, "%s/runs.trace", dir) >= sizeof path)
		return;
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	void *map = MAP_FAILED;
	if (ftruncate(fd, (off_t)size) == 0)
		map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return;
	unsigned char *base = map;
	memcpy(base, "UXKTRAC1", 8);
	uint32_t header[2] = {(uint32_t)runs, (uint32_t)count};
	memcpy(base + 8, header, sizeof header);
	traceValues = (double *)(base + 16);
	traceSet = base + 16 + rows * count * 8;
	traceRuns = runs;
	traceCount = count;
}

void __uxkit_trace(unsigned id, double value)
{
	if (traceValues == NULL || id >= traceCount)
		return;
	/* Before the fork (no run yet) the value goes to the shared row R: every run starts from it. */
	uint64_t row = uxhw_is_ensemble() ? uxhw_stream_run() : traceRuns;
	traceValues[row * traceCount + id] = value;
	traceSet[row * traceCount + id] = 1;
}

/* Fortran's implicit external `call uxkit_trace(id, real(x, 8))`: arguments by reference. */
void uxkit_trace_(const int *id, const double *value)
{
	if (*id >= 0)
		__uxkit_trace((unsigned)*id, *value);
}
