/* The supervisor's state, shared by its three files: uxhw_supervisor.c (event loop),
 * uxhw_runs.c (run lifecycle) and uxhw_barrier.c (query barriers). */
#ifndef UXKIT_UXHW_SUPERVISOR_H
#define UXKIT_UXHW_SUPERVISOR_H

#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "uxhw_ensemble.h"
#include "uxhw_internal.h"
#include "uxhw_results.h"

/* A run is STANDBY (forked ahead, blocked before the program resumes: it waits for a go
 * byte on its channel), EXECUTING (counts against P), WAITING at a query barrier, or
 * PENDING (its answer is ready but it still waits for an execution slot). */
enum { RUN_FREE = 0, RUN_STANDBY, RUN_EXECUTING, RUN_WAITING, RUN_PENDING };

typedef struct
{
	pid_t pid;
	int state;
	uint64_t run;
	int fd[2];
	int channel;
	int pidfd; /* while EXECUTING: readable once the run has ended (-1: SIGCHLD tells) */
	UxhwBuffer out[2];
	uint64_t total;
	uint32_t flags;
	size_t activeAt; /* index in the active list while EXECUTING */
	size_t position; /* index in the snapshot while PENDING */
	int32_t replyStatus;
	UxhwRequest request;
} UxhwRun;

/* What a new run reads from the supervisor. Written once before the first fork, so it can
 * live in memory the runs share; the supervisor's own state (UxhwSupervisor) does not. */
typedef struct
{
	pid_t self;
	int *programFds; /* descriptors >= 3 the program had at the fork, ascending: a new run
			  * keeps these and closes every other one in a few close_range calls */
	size_t programFdCount;
} UxhwRunSetup;

extern UxhwRunSetup uxhw_run_setup;

typedef struct
{
	const UxhwConfig *config;
	UxhwResults results;
	char *outputArena; /* UXHW_ARENA_SLOTS slots' first output buffers, 2 x UXHW_ARENA_BYTES each */
	UxhwRun *slots; /* R of them reserved, the first slotHigh used */
	size_t slotHigh;
	size_t *freeSlots;
	size_t freeCount;
	size_t *active; /* EXECUTING slots, at most P */
	size_t activeCount;
	int32_t *slotOfPid; /* slot + 1 by pid */
	char *scratch; /* UXHW_DRAIN_CHUNK bytes: what one read of a run's pipe brings */
	size_t pidLimit;
	uint64_t next, finished;
	size_t waitingCount;
	size_t *pending; /* slots to answer, by run index */
	size_t pendingCount, pendingCursor;
	const UxhwRequest **requests; /* scratch for a barrier */
	uint64_t *requestRuns;
	/* Runs forked ahead, in run order: when an executing run ends, the next one starts with
	 * one write instead of a fork, and the fork is paid while the others execute. A ring of
	 * standbyLimit (slot, run) entries; an entry whose run died meanwhile is skipped. */
	size_t *standbySlots;
	uint64_t *standbyRuns;
	size_t standbyLimit, standbyHead, standbyLength, standbyLive;
	UxhwSnapshot snapshot;
	int sigchldWatched;
	uint64_t failFrom; /* queries with this index or later fail (capacity) */
	double failWaiting; /* how many runs could wait at once, for the message */
	UxhwRequest divergedFirst; /* the first run's request at a diverged barrier */
	UxhwReply whenLikeFirst, whenUnlikeFirst;
} UxhwSupervisor;

enum { UXHW_DRAIN_CHUNK = 65536, UXHW_STANDBY_MAX = 64, UXHW_ARENA_SLOTS = 256, UXHW_ARENA_BYTES = 4096 };

_Noreturn void uxhw_supervisor_fail_os(const char *what);
/* From now on every ended run wakes the loop by SIGCHLD (for runs without a pidfd). */
void uxhw_watch_sigchld(UxhwSupervisor *s);

/* uxhw_runs.c */
/* Returns 1 inside the new run, 0 in the supervisor, -1 when out of processes or
 * descriptors while other runs hold some (waiting at a query, or about to end). A standby
 * run is forked ahead and resumes the program only once uxhw_release_standby lets it;
 * otherwise the run executes at once. */
int uxhw_start_run(UxhwSupervisor *s, uint64_t run, int standby);
/* Lets the oldest standby run execute; 0 when there is none. */
int uxhw_release_standby(UxhwSupervisor *s);
void uxhw_drain(UxhwSupervisor *s, size_t slot, int stream);
void uxhw_finish_run(UxhwSupervisor *s, size_t slot, int status, const struct rusage *usage);
void uxhw_activate(UxhwSupervisor *s, size_t slot);
void uxhw_deactivate(UxhwSupervisor *s, size_t slot);

/* uxhw_barrier.c */
/* Reads a request from an executing run's channel (or notices it closed). */
void uxhw_channel_ready(UxhwSupervisor *s, size_t slot);
/* Answers every waiting run when nothing else can reach the barrier. */
void uxhw_resolve_barrier(UxhwSupervisor *s);
/* Sends the next pending answer; the run becomes EXECUTING again. */
void uxhw_deliver_next(UxhwSupervisor *s);
/* The barrier cannot gather every run: every waiting run (and later arrivals) fail; at most
 * `couldWait` runs could wait at once. */
void uxhw_fail_barrier(UxhwSupervisor *s, size_t couldWait);

#endif
