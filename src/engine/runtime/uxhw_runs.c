/* Run lifecycle inside the supervisor: fork a run with its pipes and query channel, capture
 * its output under the cap, record its end. Live runs sit in a pool of R slots (with queries
 * all R runs may be alive at once), reused as runs end; a pid table finds a reaped run's slot. */
#define _GNU_SOURCE
#include "uxhw_supervisor.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern struct sigaction uxhw_previous_sigchld;

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void close_range_or_loop(unsigned first, unsigned last)
{
#ifdef SYS_close_range
	if (syscall(SYS_close_range, first, last, 0) == 0)
		return;
#endif
	long limit = sysconf(_SC_OPEN_MAX);
	for (long fd = first; fd < limit && fd <= (long)last; fd++)
		close((int)fd);
}

/* Closes every descriptor >= 3 except the program's own and the run's channel: one
 * close_range per gap, however many runs the supervisor holds descriptors for. */
static void close_supervisor_fds(const UxhwRunSetup *s, int channel)
{
	unsigned from = 3;
	int channelDone = 0;
	for (size_t i = 0; i <= s->programFdCount; i++)
	{
		int keep = i < s->programFdCount ? s->programFds[i] : -1;
		if (!channelDone && (keep < 0 || channel < keep))
		{
			if ((unsigned)channel > from)
				close_range_or_loop(from, (unsigned)channel - 1);
			from = (unsigned)channel + 1;
			channelDone = 1;
		}
		if (keep < 0)
			break;
		if ((unsigned)keep > from)
			close_range_or_loop(from, (unsigned)keep - 1);
		if ((unsigned)keep + 1 > from)
			from = (unsigned)keep + 1;
	}
	close_range_or_loop(from, ~0u);
}

static void become_run(const UxhwRunSetup *s, int outWrite, int errWrite, int channelEnd, int standby)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != s->self)
		_exit(UXHW_EXIT_INTERNAL);
	sigaction(SIGCHLD, &uxhw_previous_sigchld, NULL);
	if (dup2(outWrite, 1) < 0 || dup2(errWrite, 2) < 0)
		_exit(UXHW_EXIT_INTERNAL);
	close(outWrite);
	close(errWrite);
	int channel = fcntl(channelEnd, F_DUPFD_CLOEXEC, 3);
	if (channel < 0)
		_exit(UXHW_EXIT_INTERNAL);
	close_supervisor_fds(s, channel);
	uxhw_privatise_open_files();
	uxhw_channel_fd = channel;
	if (!standby)
		return;
	/* Blocked here the run uses no CPU: it is not executing until the supervisor says so. */
	char go;
	ssize_t n;
	do
		n = read(channel, &go, 1);
	while (n < 0 && errno == EINTR);
	if (n != 1)
		_exit(UXHW_EXIT_INTERNAL);
}

/* A slot's output buffers start in the arena (supervisor-only memory), when it has room. */
static void reset_output(UxhwSupervisor *s, size_t slot)
{
	for (int i = 0; i < 2; i++)
	{
		UxhwBuffer *b = &s->slots[slot].out[i];
		if (!b->borrowed)
			free(b->data);
		memset(b, 0, sizeof *b);
		if (slot < UXHW_ARENA_SLOTS)
		{
			b->data = s->outputArena + (2 * slot + (size_t)i) * UXHW_ARENA_BYTES;
			b->capacity = UXHW_ARENA_BYTES;
			b->borrowed = 1;
		}
	}
}

/* At most R runs live at once, and R slots are reserved. */
static size_t take_slot(UxhwSupervisor *s)
{
	if (s->freeCount > 0)
		return s->freeSlots[--s->freeCount];
	reset_output(s, s->slotHigh);
	return s->slotHigh++;
}

/* A pidfd for the first few executing runs only: beyond them it would cost descriptors
 * that CONTRACT.md does not budget (3 per run). */
static int open_pidfd(const UxhwSupervisor *s, pid_t pid)
{
#ifdef SYS_pidfd_open
	if (s->activeCount < 16)
		return (int)syscall(SYS_pidfd_open, pid, 0);
#endif
	(void)s;
	(void)pid;
	return -1;
}

static int resource_shortage(void)
{
	return errno == EMFILE || errno == ENFILE || errno == EAGAIN || errno == ENOMEM;
}

/* The run now counts against P. */
static void start_executing(UxhwSupervisor *s, size_t slot)
{
	UxhwRun *r = &s->slots[slot];
	r->pidfd = open_pidfd(s, r->pid);
	if (r->pidfd < 0)
		uxhw_watch_sigchld(s);
	uxhw_activate(s, slot);
}

int uxhw_start_run(UxhwSupervisor *s, uint64_t run, int standby)
{
	int outPipe[2] = {-1, -1}, errPipe[2] = {-1, -1}, pair[2] = {-1, -1};
	pid_t pid = -1;
	if (pipe2(outPipe, O_CLOEXEC) == 0 && pipe2(errPipe, O_CLOEXEC) == 0 &&
		socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) == 0)
		pid = fork();
	if (pid < 0)
	{
		int saved = errno;
		int *all[3] = {outPipe, errPipe, pair};
		for (int i = 0; i < 3; i++)
		{
			close_fd(&all[i][0]);
			close_fd(&all[i][1]);
		}
		errno = saved;
		/* Runs waiting at a query hold processes and descriptors: that is a query limit. */
		if ((s->waitingCount > 0 || s->activeCount > 0) && resource_shortage())
			return -1;
		uxhw_supervisor_fail_os("cannot start a run (pipe, socketpair or fork)");
	}
	if (pid == 0)
	{
		close(outPipe[0]);
		close(errPipe[0]);
		close(pair[0]);
		/* Not `s`: it is in supervisor-only memory, absent from the run. */
		become_run(&uxhw_run_setup, outPipe[1], errPipe[1], pair[1], standby);
		return 1;
	}
	close(outPipe[1]);
	close(errPipe[1]);
	close(pair[1]);
	size_t slot = take_slot(s);
	UxhwRun *r = &s->slots[slot];
	r->pid = pid;
	r->run = run;
	r->fd[0] = outPipe[0];
	r->fd[1] = errPipe[0];
	r->channel = pair[0];
	r->pidfd = -1;
	fcntl(r->fd[0], F_SETFL, O_NONBLOCK);
	fcntl(r->fd[1], F_SETFL, O_NONBLOCK);
	r->total = 0;
	r->flags = 0;
	r->out[0].length = r->out[1].length = 0;
	if ((size_t)pid < s->pidLimit)
		s->slotOfPid[pid] = (int32_t)slot + 1;
	if (!standby)
	{
		start_executing(s, slot);
		return 0;
	}
	/* Not watched until released: if it dies meanwhile, its pidfd or pipes tell then. */
	r->state = RUN_STANDBY;
	size_t at = (s->standbyHead + s->standbyLength++) % s->standbyLimit;
	s->standbySlots[at] = slot;
	s->standbyRuns[at] = run;
	s->standbyLive++;
	return 0;
}

int uxhw_release_standby(UxhwSupervisor *s)
{
	while (s->standbyLength > 0)
	{
		size_t slot = s->standbySlots[s->standbyHead];
		uint64_t run = s->standbyRuns[s->standbyHead];
		s->standbyHead = (s->standbyHead + 1) % s->standbyLimit;
		s->standbyLength--;
		UxhwRun *r = &s->slots[slot];
		if (r->state != RUN_STANDBY || r->run != run)
			continue; /* it died (and was reaped) before its turn */
		s->standbyLive--;
		/* A run that died meanwhile cannot take the byte; its pipes and pidfd then say so. */
		(void)uxhw_send_all(r->channel, "", 1);
		start_executing(s, slot);
		return 1;
	}
	return 0;
}

void uxhw_drain(UxhwSupervisor *s, size_t slot, int stream)
{
	char *scratch = s->scratch;
	UxhwRun *r = &s->slots[slot];
	uint64_t maxOutput = s->config->maxOutput;
	while (r->fd[stream] >= 0)
	{
		ssize_t n = read(r->fd[stream], scratch, UXHW_DRAIN_CHUNK);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return;
		if (n <= 0)
		{
			close_fd(&r->fd[stream]);
			return;
		}
		uint64_t allowed = maxOutput - r->total;
		size_t keep = (uint64_t)n > allowed ? (size_t)allowed : (size_t)n;
		UxhwBuffer *b = &r->out[stream];
		if (uxhw_buffer_reserve(b, keep) < 0)
			uxhw_supervisor_fail_os("out of memory capturing run output");
		memcpy(b->data + b->length, scratch, keep);
		b->length += keep;
		r->total += keep;
		if (keep < (size_t)n)
		{
			r->flags |= UXHW_RUN_TRUNCATED | UXHW_RUN_KILLED;
			kill(r->pid, SIGKILL);
			close_fd(&r->fd[0]);
			close_fd(&r->fd[1]);
			return;
		}
	}
}

void uxhw_activate(UxhwSupervisor *s, size_t slot)
{
	s->slots[slot].state = RUN_EXECUTING;
	s->slots[slot].activeAt = s->activeCount;
	s->active[s->activeCount++] = slot;
}

void uxhw_deactivate(UxhwSupervisor *s, size_t slot)
{
	size_t at = s->slots[slot].activeAt;
	size_t last = s->active[--s->activeCount];
	s->active[at] = last;
	s->slots[last].activeAt = at;
}

void uxhw_finish_run(UxhwSupervisor *s, size_t slot, int status, const struct rusage *usage)
{
	UxhwRun *r = &s->slots[slot];
	/* The run is gone: whatever it wrote is already in the pipes. */
	uxhw_drain(s, slot, 0);
	uxhw_drain(s, slot, 1);
	close_fd(&r->fd[0]);
	close_fd(&r->fd[1]);
	close_fd(&r->channel);
	close_fd(&r->pidfd);
	int64_t exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	int64_t signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
	int64_t cpu = (int64_t)usage->ru_utime.tv_sec * 1000000 + usage->ru_utime.tv_usec +
		(int64_t)usage->ru_stime.tv_sec * 1000000 + usage->ru_stime.tv_usec;
	if (uxhw_results_add(&s->results, r->run, exitCode, signal, cpu, r->flags, &r->out[0], &r->out[1]) < 0)
		uxhw_supervisor_fail_os("cannot write run output to UXKIT_OUT_DIR");
	if (r->state == RUN_EXECUTING)
		uxhw_deactivate(s, slot);
	else if (r->state == RUN_WAITING)
		s->waitingCount--;
	else if (r->state == RUN_STANDBY)
		s->standbyLive--;
	if ((size_t)r->pid < s->pidLimit)
		s->slotOfPid[r->pid] = 0;
	/* A small buffer stays with the slot for its next run: no malloc and free per run. */
	if (r->out[0].capacity > UXHW_ARENA_BYTES || r->out[1].capacity > UXHW_ARENA_BYTES)
		reset_output(s, slot);
	r->out[0].length = r->out[1].length = 0;
	r->pid = 0;
	r->state = RUN_FREE;
	s->freeSlots[s->freeCount++] = slot;
	s->finished++;
}
