/* The fork-late ensemble supervisor: forks R runs (at most P executing; runs waiting at a
 * query do not count), captures each run's stdout/stderr through pipes, answers queries,
 * records exit status and CPU time, writes the results. One thread, one poll loop over the
 * executing runs' pipes and query channels. */
#define _GNU_SOURCE
#include "uxhw_supervisor.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int uxhw_channel_fd = -1;
struct sigaction uxhw_previous_sigchld;
UxhwRunSetup uxhw_run_setup;

/* libgfortran keeps its own unit buffers; flush them when it is linked (weak: C programs
 * do not have it and the address is then null). NULL means every unit. */
extern void _gfortran_flush_i4(int *unit) __attribute__((weak));

static int wakePipe[2] = {-1, -1};

static void on_sigchld(int signo)
{
	(void)signo;
	int saved = errno;
	(void)!write(wakePipe[1], "", 1);
	errno = saved;
}

void uxhw_watch_sigchld(UxhwSupervisor *s)
{
	if (s->sigchldWatched)
		return;
	s->sigchldWatched = 1;
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = on_sigchld;
	action.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	sigemptyset(&action.sa_mask);
	sigaction(SIGCHLD, &action, NULL);
	/* A run that ended before the handler was there sent no wake-up: look once now. */
	(void)!write(wakePipe[1], "", 1);
}

_Noreturn void uxhw_supervisor_fail_os(const char *what)
{
	uxhw_fail(UXHW_EXIT_INTERNAL, what, strerror(errno));
}

static void flush_all_output(void)
{
	fflush(NULL);
	if (_gfortran_flush_i4 != NULL)
		_gfortran_flush_i4(NULL);
}

static int ascending(const void *a, const void *b)
{
	return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

/* The descriptors the program has now (before the supervisor makes any). */
static void list_program_fds(UxhwRunSetup *s)
{
	DIR *dir = opendir("/proc/self/fd");
	if (dir == NULL)
		uxhw_supervisor_fail_os("cannot list /proc/self/fd");
	size_t capacity = 0;
	struct dirent *entry;
	while ((entry = readdir(dir)) != NULL)
	{
		char *end;
		long fd = strtol(entry->d_name, &end, 10);
		if (*end != '\0' || end == entry->d_name || fd < 3 || fd == dirfd(dir))
			continue;
		if (s->programFdCount == capacity)
		{
			capacity = capacity ? 2 * capacity : 16;
			int *grown = realloc(s->programFds, capacity * sizeof *grown);
			if (grown == NULL)
				uxhw_supervisor_fail_os("out of memory listing descriptors");
			s->programFds = grown;
		}
		s->programFds[s->programFdCount++] = (int)fd;
	}
	closedir(dir);
	qsort(s->programFds, s->programFdCount, sizeof *s->programFds, ascending);
}

static void setup(UxhwSupervisor *s, const UxhwConfig *config)
{
	s->config = config;
	uxhw_run_setup.self = getpid();
	s->failFrom = UINT64_MAX;
	/* Every live run costs the supervisor three descriptors: take all the hard limit allows. */
	struct rlimit files;
	if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max)
	{
		files.rlim_cur = files.rlim_max;
		setrlimit(RLIMIT_NOFILE, &files);
	}
	list_program_fds(&uxhw_run_setup);
	if (uxhw_results_open(&s->results, config->outDir, config->runs) < 0)
		uxhw_fail(UXHW_EXIT_CONFIG, "UXKIT_OUT_DIR is not a writable directory", config->outDir);
	if (pipe2(wakePipe, O_CLOEXEC | O_NONBLOCK) < 0)
		uxhw_supervisor_fail_os("cannot create the supervisor's wake pipe");

	FILE *pidMax = fopen("/proc/sys/kernel/pid_max", "r");
	unsigned long limit = 0;
	if (pidMax == NULL || fscanf(pidMax, "%lu", &limit) != 1 || limit > (1ul << 22))
		limit = 1ul << 22;
	if (pidMax != NULL)
		fclose(pidMax);
	s->pidLimit = (size_t)limit + 1;
	size_t parallel = (size_t)config->parallel;
	size_t runs = (size_t)config->runs;
	/* Supervisor-only memory (uxhw_supervisor_alloc): a fork neither copies it nor makes the
	 * supervisor's next write to it a copy-on-write fault. Lazily touched: only the pages of
	 * pids and slots actually used cost memory. */
	s->slotOfPid = uxhw_supervisor_alloc(s->pidLimit * sizeof *s->slotOfPid);
	s->active = uxhw_supervisor_alloc(parallel * sizeof *s->active);
	s->slots = uxhw_supervisor_alloc(runs * sizeof *s->slots);
	s->freeSlots = uxhw_supervisor_alloc(runs * sizeof *s->freeSlots);
	s->scratch = uxhw_supervisor_alloc(UXHW_DRAIN_CHUNK);
	s->pending = uxhw_supervisor_alloc(runs * sizeof *s->pending);
	s->requests = uxhw_supervisor_alloc(runs * sizeof *s->requests);
	s->requestRuns = uxhw_supervisor_alloc(runs * sizeof *s->requestRuns);
	s->outputArena = uxhw_supervisor_alloc((size_t)UXHW_ARENA_SLOTS * 2 * UXHW_ARENA_BYTES);
	/* As many forked ahead as execute at once: enough to refill every slot that frees up
	 * while the supervisor forks; more would only hold processes. */
	s->standbyLimit = parallel < UXHW_STANDBY_MAX ? parallel : UXHW_STANDBY_MAX;
	s->standbySlots = uxhw_supervisor_alloc(s->standbyLimit * sizeof *s->standbySlots);
	s->standbyRuns = uxhw_supervisor_alloc(s->standbyLimit * sizeof *s->standbyRuns);
	if (!s->slotOfPid || !s->active || !s->slots || !s->freeSlots || !s->scratch || !s->pending || !s->requests ||
		!s->requestRuns || !s->standbySlots || !s->standbyRuns || !s->outputArena)
		uxhw_supervisor_fail_os("out of memory starting the ensemble");

	/* Ended runs must stay waitable (the program may have ignored SIGCHLD). Executing runs
	 * are watched through pidfds; SIGCHLD wakes the loop only once some run is not
	 * (uxhw_watch_sigchld): a signal per run costs the supervisor more than a pidfd. */
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = SIG_DFL;
	sigemptyset(&action.sa_mask);
	sigaction(SIGCHLD, &action, &uxhw_previous_sigchld);
}

static size_t slot_of(UxhwSupervisor *s, pid_t pid)
{
	if ((size_t)pid < s->pidLimit && s->slotOfPid[pid] > 0)
		return (size_t)s->slotOfPid[pid] - 1;
	for (size_t i = 0; i < s->slotHigh; i++)
		if (s->slots[i].pid == pid)
			return i;
	return SIZE_MAX;
}

/* An executing run's pidfd is readable: it has ended. */
static void reap_run(UxhwSupervisor *s, size_t slot)
{
	int status;
	struct rusage usage;
	if (wait4(s->slots[slot].pid, &status, WNOHANG, &usage) > 0)
		uxhw_finish_run(s, slot, status, &usage);
}

static void reap(UxhwSupervisor *s)
{
	char sink[64];
	while (read(wakePipe[0], sink, sizeof sink) > 0)
		continue;
	int status;
	struct rusage usage;
	pid_t pid;
	while ((pid = wait4(-1, &status, WNOHANG, &usage)) > 0)
	{
		size_t slot = slot_of(s, pid);
		if (slot != SIZE_MAX)
			uxhw_finish_run(s, slot, status, &usage);
	}
}

/* Waits for output, requests or ended runs (at most timeoutMs; -1: until something
 * happens), and handles what arrived. */
static void wait_for_events(UxhwSupervisor *s, struct pollfd *fds, size_t *owner, int timeoutMs)
{
	nfds_t count = 0;
	fds[count].fd = wakePipe[0];
	fds[count].events = POLLIN;
	owner[count++] = SIZE_MAX;
	for (size_t a = 0; a < s->activeCount; a++)
	{
		size_t slot = s->active[a];
		const UxhwRun *r = &s->slots[slot];
		int watched[4] = {r->fd[0], r->fd[1], r->channel, r->pidfd};
		for (int w = 0; w < 4; w++)
			if (watched[w] >= 0)
			{
				fds[count].fd = watched[w];
				fds[count].events = POLLIN;
				owner[count++] = slot;
			}
	}
	if (poll(fds, count, timeoutMs) < 0 && errno != EINTR)
		uxhw_supervisor_fail_os("poll failed in the supervisor");
	for (nfds_t f = 1; f < count; f++)
	{
		if (fds[f].revents == 0)
			continue;
		UxhwRun *r = &s->slots[owner[f]];
		if (fds[f].fd == r->fd[0])
			uxhw_drain(s, owner[f], 0);
		else if (fds[f].fd == r->fd[1])
			uxhw_drain(s, owner[f], 1);
		else if (fds[f].fd == r->channel && r->state == RUN_EXECUTING)
			uxhw_channel_ready(s, owner[f]);
		else if (fds[f].fd == r->pidfd && r->state == RUN_EXECUTING)
			reap_run(s, owner[f]);
	}
	if (fds[0].revents != 0)
		reap(s);
}

uint64_t uxhw_fork_ensemble(const UxhwConfig *config)
{
	flush_all_output();
	uxhw_snapshot_open_files();
	/* Supervisor-only, like everything it points to: its writes never copy a page that runs
	 * share. A run must therefore not touch it; runs read uxhw_run_setup. */
	UxhwSupervisor *s = uxhw_supervisor_alloc(sizeof *s);
	if (s == NULL)
		uxhw_supervisor_fail_os("out of memory starting the ensemble");
	setup(s, config);
	/* Supervisor-only: a run never frees or touches them. */
	struct pollfd *fds = uxhw_supervisor_alloc((1 + 4 * (size_t)config->parallel) * sizeof *fds);
	size_t *owner = uxhw_supervisor_alloc((1 + 4 * (size_t)config->parallel) * sizeof *owner);
	if (fds == NULL || owner == NULL)
		uxhw_supervisor_fail_os("out of memory starting the ensemble");
	while (s->finished < config->runs)
	{
		while (s->activeCount < config->parallel)
		{
			if (s->pendingCursor < s->pendingCount)
			{
				uxhw_deliver_next(s);
				continue;
			}
			if (uxhw_release_standby(s))
				continue;
			uint64_t run = s->next;
			if (run >= config->runs)
				break;
			int started = uxhw_start_run(s, run, 0);
			if (started == 1)
				return run; /* inside the new run */
			if (started < 0)
			{
				/* Waiting runs hold what a new run needs: that query cannot gather
				 * everyone. Otherwise wait for an executing run to end. */
				if (s->waitingCount == 0)
					break;
				uxhw_fail_barrier(s, s->waitingCount);
				continue;
			}
			s->next++;
		}
		if (s->finished == config->runs)
			break;
		if (s->activeCount == 0 && s->pendingCursor == s->pendingCount && s->next == config->runs &&
			s->standbyLive == 0 && s->waitingCount > 0)
		{
			uxhw_resolve_barrier(s);
			continue;
		}
		/* Every slot is busy: fork one run ahead, then only look for events before the next. */
		int forkAhead = s->activeCount == config->parallel && s->pendingCursor == s->pendingCount &&
			s->next < config->runs && s->standbyLength < s->standbyLimit;
		if (forkAhead)
		{
			uint64_t run = s->next;
			int started = uxhw_start_run(s, run, 1);
			if (started == 1)
				return run;
			if (started == 0)
				s->next++;
			/* Out of processes or descriptors: the runs that hold them will end. */
			forkAhead = started == 0 && s->next < config->runs && s->standbyLength < s->standbyLimit;
		}
		wait_for_events(s, fds, owner, forkAhead ? 0 : -1);
	}
	if (uxhw_results_finish(&s->results) < 0)
		uxhw_supervisor_fail_os("cannot write the results to UXKIT_OUT_DIR");
	_exit(0);
}
