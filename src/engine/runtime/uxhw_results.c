/* Writes runs.stdout, runs.stderr and runs.index. Runs finish in any order: their streams
 * are spooled in finishing order and put in run order at the end (a plain rename when the
 * order already matches, the common case with P = 1). Spool writes go through a buffer and
 * the reordering reads the spool through a mapping: no system call per run. */
#define _GNU_SOURCE
#include "uxhw_results.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static const char *const finalName[2] = {"runs.stdout", "runs.stderr"};
static const char *const spoolName[2] = {"runs.stdout.part", "runs.stderr.part"};
enum { SPOOL_BUFFER = 1 << 20 };

void *uxhw_supervisor_alloc(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	/* Not in the runs: each fork then neither copies its page tables nor turns the
	 * supervisor's next write to it into a copy-on-write fault. */
	madvise(p, size, MADV_DONTFORK);
	return p;
}

int uxhw_buffer_reserve(UxhwBuffer *buffer, size_t extra)
{
	if (buffer->capacity - buffer->length >= extra)
		return 0;
	/* Small first: with queries every run of the ensemble may hold a buffer at once. */
	size_t capacity = buffer->capacity ? buffer->capacity : 1024;
	while (capacity - buffer->length < extra)
		capacity *= 2;
	char *data = buffer->borrowed ? malloc(capacity) : realloc(buffer->data, capacity);
	if (data == NULL)
		return -1;
	if (buffer->borrowed)
		memcpy(data, buffer->data, buffer->length);
	buffer->borrowed = 0;
	buffer->data = data;
	buffer->capacity = capacity;
	return 0;
}

static int write_all(int fd, const char *data, size_t length)
{
	while (length > 0)
	{
		ssize_t n = write(fd, data, length);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		data += n;
		length -= (size_t)n;
	}
	return 0;
}

int uxhw_results_open(UxhwResults *results, const char *outDir, uint64_t runs)
{
	memset(results, 0, sizeof *results);
	results->runs = runs;
	results->lastRun = -1;
	results->inOrder = 1;
	results->dirFd = open(outDir, O_DIRECTORY | O_RDONLY | O_CLOEXEC);
	if (results->dirFd < 0)
		return -1;
	/* A stale index from an earlier ensemble must not pass for this one's. */
	unlinkat(results->dirFd, "runs.index", 0);
	for (int s = 0; s < 2; s++)
	{
		results->spoolFd[s] = openat(results->dirFd, spoolName[s], O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (results->spoolFd[s] < 0)
			return -1;
	}
	results->records = uxhw_supervisor_alloc((size_t)runs * 8 * sizeof(int64_t));
	results->flags = uxhw_supervisor_alloc((size_t)runs * sizeof(uint32_t));
	results->spoolBuffer[0] = uxhw_supervisor_alloc(SPOOL_BUFFER);
	results->spoolBuffer[1] = uxhw_supervisor_alloc(SPOOL_BUFFER);
	return results->records && results->flags && results->spoolBuffer[0] && results->spoolBuffer[1] ? 0 : -1;
}

static int flush_to(UxhwResults *results, int s, int fd)
{
	int status = write_all(fd, results->spoolBuffer[s], results->spoolBuffered[s]);
	results->spoolBuffered[s] = 0;
	return status;
}

/* Appends to `fd` through stream s's buffer; pieces too big for it go straight out. */
static int spool_to(UxhwResults *results, int s, int fd, const char *data, size_t length)
{
	if (results->spoolBuffered[s] + length > SPOOL_BUFFER && flush_to(results, s, fd) < 0)
		return -1;
	if (length >= SPOOL_BUFFER)
		return write_all(fd, data, length);
	memcpy(results->spoolBuffer[s] + results->spoolBuffered[s], data, length);
	results->spoolBuffered[s] += length;
	return 0;
}

int uxhw_results_add(UxhwResults *results, uint64_t run, int64_t exitCode, int64_t signal, int64_t cpuMicros,
	uint32_t flags, const UxhwBuffer *out, const UxhwBuffer *err)
{
	int64_t *r = results->records + run * 8;
	const UxhwBuffer *stream[2] = {out, err};
	r[0] = (int64_t)run;
	r[1] = exitCode;
	r[2] = signal;
	r[3] = cpuMicros;
	for (int s = 0; s < 2; s++)
	{
		if (spool_to(results, s, results->spoolFd[s], stream[s]->data, stream[s]->length) < 0)
			return -1;
		r[4 + 2 * s] = (int64_t)results->spoolEnd[s];
		r[5 + 2 * s] = (int64_t)stream[s]->length;
		results->spoolEnd[s] += stream[s]->length;
	}
	results->flags[run] = flags;
	if ((int64_t)run < results->lastRun)
		results->inOrder = 0;
	results->lastRun = (int64_t)run;
	return 0;
}

static int reorder_stream(UxhwResults *results, int s)
{
	int target = openat(results->dirFd, finalName[s], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (target < 0)
		return -1;
	/* The whole spool is mapped once; the buffer (flushed, so free) gathers pieces. */
	size_t size = (size_t)results->spoolEnd[s];
	const char *spooled = NULL;
	if (size > 0)
	{
		void *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, results->spoolFd[s], 0);
		spooled = map == MAP_FAILED ? NULL : map;
	}
	int status = size > 0 && spooled == NULL ? -1 : 0;
	uint64_t written = 0;
	for (uint64_t run = 0; status == 0 && run < results->runs; run++)
	{
		int64_t *r = results->records + run * 8;
		uint64_t offset = (uint64_t)r[4 + 2 * s], length = (uint64_t)r[5 + 2 * s];
		r[4 + 2 * s] = (int64_t)written;
		written += length;
		if (length > 0 && spool_to(results, s, target, spooled + offset, (size_t)length) < 0)
			status = -1;
	}
	if (status == 0)
		status = flush_to(results, s, target);
	if (spooled != NULL)
		munmap((void *)spooled, size);
	if (close(target) < 0)
		status = -1;
	if (status == 0)
		status = unlinkat(results->dirFd, spoolName[s], 0);
	return status;
}

static void put_le(unsigned char *p, uint64_t value, int bytes)
{
	for (int i = 0; i < bytes; i++)
		p[i] = (unsigned char)(value >> (8 * i));
}

int uxhw_results_finish(UxhwResults *results)
{
	for (int s = 0; s < 2; s++)
	{
		if (flush_to(results, s, results->spoolFd[s]) < 0)
			return -1;
		int status = results->inOrder ? renameat(results->dirFd, spoolName[s], results->dirFd, finalName[s])
					      : reorder_stream(results, s);
		if (status < 0)
			return -1;
		close(results->spoolFd[s]);
	}
	size_t runs = (size_t)results->runs;
	size_t size = 16 + 68 * runs;
	unsigned char *index = malloc(size);
	if (index == NULL)
		return -1;
	uint32_t allFlags = 0;
	for (size_t i = 0; i < runs; i++)
		allFlags |= results->flags[i];
	memcpy(index, "UXKRUNS1", 8);
	put_le(index + 8, runs, 4);
	put_le(index + 12, allFlags, 4);
	for (size_t i = 0; i < runs * 8; i++)
		put_le(index + 16 + 8 * i, (uint64_t)results->records[i], 8);
	for (size_t i = 0; i < runs; i++)
		put_le(index + 16 + 64 * runs + 4 * i, results->flags[i], 4);
	int fd = openat(results->dirFd, "runs.index.tmp", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	int status = fd < 0 ? -1 : write_all(fd, (const char *)index, size);
	if (fd >= 0 && close(fd) < 0)
		status = -1;
	free(index);
	if (status == 0)
		status = renameat(results->dirFd, "runs.index.tmp", results->dirFd, "runs.index");
	return status;
}
