/* The fork-late ensemble supervisor: forks R runs (at most P executing), captures each run's
 * stdout/stderr through pipes, records exit status and CPU time, writes the results. */
#define _GNU_SOURCE
#include "uxhw_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "uxhw_results.h"

int uxhw_channel_fd = -1;

/* libgfortran keeps its own unit buffers; flush them when it is linked (weak: C programs
 * do not have it and the address is then null). NULL means every unit. */
extern void _gfortran_flush_i4(int *unit) __attribute__((weak));

typedef struct
{
	pid_t pid;
	uint64_t run;
	int fd[2];
	int channel;
	UxhwBuffer out[2];
	uint64_t total;
	uint32_t flags;
} Slot;

static struct sigaction previousChld;
static int wakePipe[2] = {-1, -1};

static void on_sigchld(int signo)
{
	(void)signo;
	int saved = errno;
	(void)!write(wakePipe[1], "", 1);
	errno = saved;
}

static void fail_os(const char *what)
{
	uxhw_fail(UXHW_EXIT_INTERNAL, what, strerror(errno));
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Inside the new run: undo everything the supervisor set up, then go back to the program. */
static void become_run(Slot *slots, size_t slotCount, int outWrite, int errWrite, int channel,
	pid_t supervisor, UxhwResults *results)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != supervisor)
		_exit(UXHW_EXIT_INTERNAL);
	sigaction(SIGCHLD, &previousChld, NULL);
	if (dup2(outWrite, 1) < 0 || dup2(errWrite, 2) < 0)
		_exit(UXHW_EXIT_INTERNAL);
	close(outWrite);
	close(errWrite);
	for (size_t i = 0; i < slotCount; i++)
	{
		close_fd(&slots[i].fd[0]);
		close_fd(&slots[i].fd[1]);
		close_fd(&slots[i].channel);
	}
	close_fd(&wakePipe[0]);
	close_fd(&wakePipe[1]);
	uxhw_results_close_in_run(results);
	uxhw_privatise_open_files();
	uxhw_channel_fd = channel;
}

static void start_run(Slot *slots, size_t slotCount, Slot *slot, uint64_t run, pid_t supervisor,
	UxhwResults *results)
{
	int outPipe[2], errPipe[2], pair[2];
	if (pipe2(outPipe, O_CLOEXEC) < 0 || pipe2(errPipe, O_CLOEXEC) < 0)
		fail_os("cannot create a pipe for a run");
	/* The query channel (next issue): a run blocks on it while the supervisor answers. */
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) < 0)
		fail_os("cannot create a run channel");
	pid_t pid = fork();
	if (pid < 0)
		fail_os("cannot fork a run");
	if (pid == 0)
	{
		close(outPipe[0]);
		close(errPipe[0]);
		close(pair[0]);
		become_run(slots, slotCount, outPipe[1], errPipe[1], pair[1], supervisor, results);
		return;
	}
	close(outPipe[1]);
	close(errPipe[1]);
	close(pair[1]);
	fcntl(outPipe[0], F_SETFL, O_NONBLOCK);
	fcntl(errPipe[0], F_SETFL, O_NONBLOCK);
	slot->pid = pid;
	slot->run = run;
	slot->fd[0] = outPipe[0];
	slot->fd[1] = errPipe[0];
	slot->channel = pair[0];
	slot->total = 0;
	slot->flags = 0;
	slot->out[0].length = 0;
	slot->out[1].length = 0;
}

/* Reads what one stream has now; enforces the combined output cap by killing the run. */
static void drain(Slot *slot, int stream, uint64_t maxOutput)
{
	while (slot->fd[stream] >= 0)
	{
		UxhwBuffer *b = &slot->out[stream];
		if (uxhw_buffer_reserve(b, 65536) < 0)
			fail_os("out of memory capturing run output");
		ssize_t n = read(slot->fd[stream], b->data + b->length, 65536);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return;
		if (n <= 0)
		{
			close_fd(&slot->fd[stream]);
			return;
		}
		uint64_t allowed = maxOutput - slot->total;
		if ((uint64_t)n > allowed)
		{
			b->length += (size_t)allowed;
			slot->total = maxOutput;
			slot->flags |= UXHW_RUN_TRUNCATED | UXHW_RUN_KILLED;
			kill(slot->pid, SIGKILL);
			close_fd(&slot->fd[0]);
			close_fd(&slot->fd[1]);
			return;
		}
		b->length += (size_t)n;
		slot->total += (uint64_t)n;
	}
}

static void finish_run(Slot *slot, int status, const struct rusage *usage, UxhwResults *results,
	uint64_t maxOutput)
{
	/* The run is gone: whatever it wrote is already in the pipes. */
	drain(slot, 0, maxOutput);
	drain(slot, 1, maxOutput);
	close_fd(&slot->fd[0]);
	close_fd(&slot->fd[1]);
	close_fd(&slot->channel);
	int64_t exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	int64_t signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
	int64_t cpu = (int64_t)usage->ru_utime.tv_sec * 1000000 + usage->ru_utime.tv_usec +
		(int64_t)usage->ru_stime.tv_sec * 1000000 + usage->ru_stime.tv_usec;
	if (uxhw_results_add(results, slot->run, exitCode, signal, cpu, slot->flags, &slot->out[0], &slot->out[1]) < 0)
		fail_os("cannot write run output to UXKIT_OUT_DIR");
	slot->pid = 0;
}

static void flush_all_output(void)
{
	fflush(NULL);
	if (_gfortran_flush_i4 != NULL)
		_gfortran_flush_i4(NULL);
}

uint64_t uxhw_fork_ensemble(const UxhwConfig *config)
{
	flush_all_output();
	uxhw_snapshot_open_files();
	UxhwResults results;
	if (uxhw_results_open(&results, config->outDir, config->runs) < 0)
		uxhw_fail(UXHW_EXIT_CONFIG, "UXKIT_OUT_DIR is not a writable directory", config->outDir);

	if (pipe2(wakePipe, O_CLOEXEC | O_NONBLOCK) < 0)
		fail_os("cannot create the supervisor's wake pipe");
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = on_sigchld;
	action.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	sigemptyset(&action.sa_mask);
	sigaction(SIGCHLD, &action, &previousChld);

	size_t slotCount = (size_t)config->parallel;
	Slot *slots = calloc(slotCount, sizeof *slots);
	struct pollfd *fds = calloc(1 + 2 * slotCount, sizeof *fds);
	Slot **owner = calloc(1 + 2 * slotCount, sizeof *owner);
	if (slots == NULL || fds == NULL || owner == NULL)
		fail_os("out of memory starting the ensemble");
	for (size_t i = 0; i < slotCount; i++)
		slots[i].fd[0] = slots[i].fd[1] = slots[i].channel = -1;

	pid_t supervisor = getpid();
	uint64_t next = 0, finished = 0;
	while (finished < config->runs)
	{
		for (size_t i = 0; i < slotCount && next < config->runs; i++)
		{
			if (slots[i].pid != 0)
				continue;
			start_run(slots, slotCount, &slots[i], next, supervisor, &results);
			if (slots[i].pid == 0)
				return next; /* inside run `next` */
			next++;
		}
		nfds_t count = 0;
		fds[count].fd = wakePipe[0];
		fds[count].events = POLLIN;
		owner[count++] = NULL;
		for (size_t i = 0; i < slotCount; i++)
			for (int s = 0; s < 2; s++)
				if (slots[i].pid != 0 && slots[i].fd[s] >= 0)
				{
					fds[count].fd = slots[i].fd[s];
					fds[count].events = POLLIN;
					owner[count++] = &slots[i];
				}
		if (poll(fds, count, -1) < 0 && errno != EINTR)
			fail_os("poll failed in the supervisor");
		for (nfds_t f = 1; f < count; f++)
			if (fds[f].revents != 0)
				drain(owner[f], fds[f].fd == owner[f]->fd[0] ? 0 : 1, config->maxOutput);
		char sink[64];
		while (read(wakePipe[0], sink, sizeof sink) > 0)
			continue;
		int status;
		struct rusage usage;
		pid_t pid;
		while ((pid = wait4(-1, &status, WNOHANG, &usage)) > 0)
			for (size_t i = 0; i < slotCount; i++)
				if (slots[i].pid == pid)
				{
					finish_run(&slots[i], status, &usage, &results, config->maxOutput);
					finished++;
				}
	}
	if (uxhw_results_finish(&results) < 0)
		fail_os("cannot write the results to UXKIT_OUT_DIR");
	_exit(0);
}
