/* The results files of an ensemble (layout in CONTRACT.md section 4). */
#ifndef UXKIT_UXHW_RESULTS_H
#define UXKIT_UXHW_RESULTS_H

#include <stddef.h>
#include <stdint.h>

#define UXHW_RUN_TRUNCATED 1u
#define UXHW_RUN_KILLED 2u

typedef struct
{
	char *data;
	size_t length;
	size_t capacity;
	int borrowed; /* data is not the buffer's own (never freed); growing moves it to the heap */
} UxhwBuffer;

typedef struct
{
	int dirFd;
	int spoolFd[2];
	uint64_t spoolEnd[2];
	uint64_t runs;
	int64_t *records; /* 8 per run, in the index's field order */
	uint32_t *flags;
	int64_t lastRun;
	int inOrder;
	char *spoolBuffer[2]; /* finished runs' output not yet written to the spool files */
	size_t spoolBuffered[2];
} UxhwResults;

/* Zeroed memory only the supervisor uses, absent from the runs (never freed: the supervisor
 * ends in _exit). Pages cost memory only once touched. */
void *uxhw_supervisor_alloc(size_t size);

int uxhw_buffer_reserve(UxhwBuffer *buffer, size_t extra);

int uxhw_results_open(UxhwResults *results, const char *outDir, uint64_t runs);
/* Appends one finished run (runs finish in any order). */
int uxhw_results_add(UxhwResults *results, uint64_t run, int64_t exitCode, int64_t signal, int64_t cpuMicros,
	uint32_t flags, const UxhwBuffer *out, const UxhwBuffer *err);
/* Puts the streams in run order and writes runs.index last (atomically, by rename). */
int uxhw_results_finish(UxhwResults *results);

#endif
