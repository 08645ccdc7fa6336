/* Query barriers: a run that reaches its k-th query stops executing (it no longer counts
 * against P); when every other run has reached query k or ended and every run was started,
 * the supervisor answers them all over the ensemble, then hands the answers out as
 * execution slots free up. Runs whose k-th query differs (function or call site) all fail
 * with a "query order diverged" message instead of deadlocking. */
#define _GNU_SOURCE
#include "uxhw_supervisor.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void reply_capacity(UxhwSupervisor *s, UxhwRun *r)
{
	UxhwReply reply = {UXHW_REPLY_CAPACITY, 0, 0, 0, s->failWaiting};
	(void)uxhw_send_all(r->channel, &reply, sizeof reply);
}

void uxhw_channel_ready(UxhwSupervisor *s, size_t slot)
{
	UxhwRun *r = &s->slots[slot];
	char *p = (char *)&r->request;
	size_t got = 0;
	/* The run writes its request in one send; a short read only means it is mid-write. */
	while (got < sizeof r->request)
	{
		ssize_t n = read(r->channel, p + got, sizeof r->request - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
		{
			/* Closed: the run is ending (it is reaped through SIGCHLD). */
			close(r->channel);
			r->channel = -1;
			return;
		}
		got += (size_t)n;
	}
	if (r->request.index >= s->failFrom)
	{
		reply_capacity(s, r);
		return;
	}
	uxhw_deactivate(s, slot);
	r->state = RUN_WAITING;
	s->waitingCount++;
	/* Waiting runs hold three descriptors each (CONTRACT.md): SIGCHLD reports their end. */
	uxhw_watch_sigchld(s);
	if (r->pidfd >= 0)
		close(r->pidfd);
	r->pidfd = -1;
	/* It wrote its output before asking, and writes nothing while it waits. */
	uxhw_drain(s, slot, 0);
	uxhw_drain(s, slot, 1);
	if (s->waitingCount > s->config->maxWaiting)
		uxhw_fail_barrier(s, (size_t)s->config->maxWaiting);
}

static UxhwSupervisor *sortOwner;

static int by_run(const void *a, const void *b)
{
	uint64_t x = sortOwner->slots[*(const size_t *)a].run, y = sortOwner->slots[*(const size_t *)b].run;
	return (x > y) - (x < y);
}

/* Every waiting run, sorted by run index, becomes PENDING with the given status. */
static size_t gather_waiting(UxhwSupervisor *s, int32_t status)
{
	size_t n = 0;
	for (size_t i = 0; i < s->slotHigh; i++)
		if (s->slots[i].state == RUN_WAITING)
		{
			s->pending[n++] = i;
			s->slots[i].state = RUN_PENDING;
			s->slots[i].position = n - 1;
			s->slots[i].replyStatus = status;
		}
	sortOwner = s;
	qsort(s->pending, n, sizeof *s->pending, by_run);
	for (size_t i = 0; i < n; i++)
		s->slots[s->pending[i]].position = i;
	s->pendingCount = n;
	s->pendingCursor = 0;
	s->waitingCount = 0;
	return n;
}

static int same_query(const UxhwRequest *a, const UxhwRequest *b)
{
	return a->kind == b->kind && a->site == b->site;
}

static void mark_diverged(UxhwSupervisor *s, size_t n)
{
	const UxhwRun *first = &s->slots[s->pending[0]];
	s->divergedFirst = first->request;
	UxhwReply likeFirst = {UXHW_REPLY_DIVERGED, 0, 0, 0, NAN}, unlikeFirst = likeFirst;
	unlikeFirst.otherKind = first->request.kind;
	unlikeFirst.otherSite = first->request.site;
	unlikeFirst.otherRun = first->run;
	for (size_t i = 1; i < n; i++)
	{
		const UxhwRun *r = &s->slots[s->pending[i]];
		if (!same_query(&r->request, &first->request))
		{
			likeFirst.otherKind = r->request.kind;
			likeFirst.otherSite = r->request.site;
			likeFirst.otherRun = r->run;
			break;
		}
	}
	s->whenLikeFirst = likeFirst;
	s->whenUnlikeFirst = unlikeFirst;
	for (size_t i = 0; i < n; i++)
		s->slots[s->pending[i]].replyStatus = UXHW_REPLY_DIVERGED;
}

void uxhw_resolve_barrier(UxhwSupervisor *s)
{
	size_t n = gather_waiting(s, UXHW_REPLY_OK);
	for (size_t i = 0; i < n; i++)
	{
		const UxhwRun *r = &s->slots[s->pending[i]];
		if (!same_query(&r->request, &s->slots[s->pending[0]].request))
		{
			mark_diverged(s, n);
			return;
		}
		s->requests[i] = &r->request;
		s->requestRuns[i] = r->run;
	}
	if (uxhw_snapshot_prepare(&s->snapshot, s->requests, s->requestRuns, n, s->config->seed) < 0)
		uxhw_supervisor_fail_os("out of memory answering a query");
}

void uxhw_fail_barrier(UxhwSupervisor *s, size_t couldWait)
{
	for (size_t i = 0; i < s->slotHigh; i++)
		if (s->slots[i].state == RUN_WAITING && s->slots[i].request.index < s->failFrom)
			s->failFrom = s->slots[i].request.index;
	s->failWaiting = (double)couldWait;
	gather_waiting(s, UXHW_REPLY_CAPACITY);
}

static void send_answer(UxhwSupervisor *s, UxhwRun *r)
{
	UxhwReply reply = {UXHW_REPLY_OK, 0, 0, 0, 0};
	int batch = (r->request.kind & ~1u) == UXHW_Q_SAMPLE_BATCH;
	if (!batch)
		reply.answer = uxhw_snapshot_answer(&s->snapshot, r->position, 0);
	if (uxhw_send_all(r->channel, &reply, sizeof reply) < 0 || !batch)
		return;
	double chunk[512];
	for (uint64_t done = 0; done < r->request.count;)
	{
		size_t want = r->request.count - done < 512 ? (size_t)(r->request.count - done) : 512;
		for (size_t j = 0; j < want; j++)
			chunk[j] = uxhw_snapshot_answer(&s->snapshot, r->position, done + j);
		if (uxhw_send_all(r->channel, chunk, want * sizeof *chunk) < 0)
			return;
		done += want;
	}
}

void uxhw_deliver_next(UxhwSupervisor *s)
{
	while (s->pendingCursor < s->pendingCount)
	{
		size_t slot = s->pending[s->pendingCursor++];
		UxhwRun *r = &s->slots[slot];
		if (r->state != RUN_PENDING)
			continue; /* it died while waiting */
		if (r->replyStatus == UXHW_REPLY_OK)
			send_answer(s, r);
		else if (r->replyStatus == UXHW_REPLY_CAPACITY)
			reply_capacity(s, r);
		else
		{
			UxhwReply reply = same_query(&r->request, &s->divergedFirst) ? s->whenLikeFirst : s->whenUnlikeFirst;
			(void)uxhw_send_all(r->channel, &reply, sizeof reply);
		}
		uxhw_activate(s, slot);
		return;
	}
}
