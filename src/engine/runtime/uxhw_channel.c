/* The run's side of the query channel: one request out, one reply (plus batch draws) back.
 * The run blocks in read() meanwhile, which is what lets the supervisor count it as not
 * executing. */
#define _GNU_SOURCE
#include "uxhw_internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static uint64_t queryCount = 0;

static const char *const queryNames[UXHW_Q_KINDS] = {
	"UxHwDoubleSample", "UxHwFloatSample", "UxHwDoubleSampleBatch", "UxHwFloatSampleBatch",
	"UxHwDoubleNthMoment", "UxHwFloatNthMoment", "UxHwDoubleNthMode", "UxHwFloatNthMode",
	"UxHwDoubleSupportMin", "UxHwFloatSupportMin", "UxHwDoubleSupportMax", "UxHwFloatSupportMax",
	"UxHwDoubleProbabilityGT", "UxHwFloatProbabilityGT", "UxHwDoubleQuantile", "UxHwFloatQuantile",
	"UxHwDoubleGetIndependentCopy", "UxHwFloatGetIndependentCopy", "UxHwDoubleLimitDistributionSupport",
	"UxHwFloatLimitDistributionSupport", "UxHwDoubleBayesLaplace", "UxHwFloatBayesLaplace"};

const char *uxhw_query_name(uint32_t kind)
{
	return kind < UXHW_Q_KINDS ? queryNames[kind] : "an unknown query";
}

static int read_exactly(int fd, void *data, size_t length)
{
	char *p = data;
	while (length > 0)
	{
		ssize_t n = read(fd, p, length);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		length -= (size_t)n;
	}
	return 0;
}

int uxhw_send_all(int fd, const void *data, size_t length)
{
	const char *p = data;
	while (length > 0)
	{
		ssize_t n = send(fd, p, length, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		length -= (size_t)n;
	}
	return 0;
}

static _Noreturn void query_failed(const UxhwRequest *request, const UxhwReply *reply)
{
	char line[512];
	int n;
	if (reply->status == UXHW_REPLY_DIVERGED)
		n = snprintf(line, sizeof line,
			"uxhw: query order diverged at query %llu: run %llu called %s (call site %#llx) but run %llu "
			"called %s (call site %#llx); every run must make the same queries in the same order\n",
			(unsigned long long)request->index + 1, (unsigned long long)uxhw_stream_run(),
			uxhw_query_name(request->kind), (unsigned long long)request->site,
			(unsigned long long)reply->otherRun, uxhw_query_name(reply->otherKind),
			(unsigned long long)reply->otherSite);
	else
		n = snprintf(line, sizeof line,
			"uxhw: %s (query %llu) needs every run of the ensemble waiting at once, but at most %.0f "
			"could wait (UXKIT_MAX_WAITING, process or descriptor limits); use fewer runs\n",
			uxhw_query_name(request->kind), (unsigned long long)request->index + 1, reply->answer);
	fflush(NULL);
	if (n > 0)
		(void)!write(2, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
	_exit(reply->status == UXHW_REPLY_DIVERGED ? UXHW_EXIT_QUERY_DIVERGED : UXHW_EXIT_QUERY_CAPACITY);
}

double uxhw_ask(UxhwRequest *request, double *batch, float *batchFloat)
{
	request->index = queryCount++;
	request->reserved = 0;
	UxhwReply reply;
	if (uxhw_send_all(uxhw_channel_fd, request, sizeof *request) < 0 ||
		read_exactly(uxhw_channel_fd, &reply, sizeof reply) < 0)
		uxhw_fail(UXHW_EXIT_INTERNAL, "lost the query channel to the supervisor", NULL);
	if (reply.status != UXHW_REPLY_OK)
		query_failed(request, &reply);
	if (request->kind == UXHW_Q_SAMPLE_BATCH || request->kind == UXHW_Q_SAMPLE_BATCH + 1)
	{
		/* The draws arrive as doubles in chunks; the Float form rounds each one. */
		double chunk[512];
		for (uint64_t done = 0; done < request->count;)
		{
			size_t want = request->count - done < 512 ? (size_t)(request->count - done) : 512;
			if (read_exactly(uxhw_channel_fd, chunk, want * sizeof(double)) < 0)
				uxhw_fail(UXHW_EXIT_INTERNAL, "lost the query channel to the supervisor", NULL);
			for (size_t i = 0; i < want; i++)
			{
				if (batch != NULL)
					batch[done + i] = chunk[i];
				else if (batchFloat != NULL)
					batchFloat[done + i] = (float)chunk[i];
			}
			done += want;
		}
	}
	return reply.answer;
}
