/* Internal interface shared by the runtime's C files (not for programs). */
#ifndef UXKIT_UXHW_INTERNAL_H
#define UXKIT_UXHW_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#define UXHW_EXIT_CONFIG 70
#define UXHW_EXIT_INTERNAL 71
/* A run whose k-th query differs (function or call site) from another run's k-th query. */
#define UXHW_EXIT_QUERY_DIVERGED 72
/* A query needed more runs waiting at once than the supervisor can hold. */
#define UXHW_EXIT_QUERY_CAPACITY 73

typedef struct
{
	uint64_t runs;
	uint64_t parallel;
	uint64_t seed;
	uint64_t maxOutput;
	uint64_t maxWaiting;
	const char *outDir;
} UxhwConfig;

/* Called first by every UxHw function: the first call reads the environment and, in
 * ensemble mode, forks the runs (it returns only inside a run). */
void uxhw_enter(void);
int uxhw_is_ensemble(void);

/* Claims the next call index of this run (constructors call it once each). */
uint64_t uxhw_next_call(void);

/* Every constructor claims its call index before validating its parameters, so a run whose
 * parameters are invalid consumes the same indices as the others and later draws stay
 * aligned. Returns 1 when the caller must draw (ensemble run), 0 for bypass. */
static inline int uxhw_draw_index(uint64_t *k)
{
	uxhw_enter();
	if (!uxhw_is_ensemble())
		return 0;
	*k = uxhw_next_call();
	return 1;
}
/* Uniform in (0,1) of this run for (call index k, sub-draw j): counter-based, P-independent. */
double uxhw_uniform(uint64_t k, uint32_t j);
/* Standard normal draw (Box-Muller on sub-draws j and j+1). */
double uxhw_normal(uint64_t k, uint32_t j);
uint64_t uxhw_hash(uint64_t seed, uint64_t run, uint64_t call, uint64_t sub);

/* floor(u n) for a uniform u in [0,1), clamped to n - 1 in case u n rounds up to n. */
static inline size_t uxhw_below(double u, size_t n)
{
	size_t i = (size_t)(u * (double)n);
	return i < n ? i : n - 1;
}
void uxhw_set_stream(uint64_t seed, uint64_t run);
uint64_t uxhw_stream_run(void);

/* Becomes the supervisor and never returns there; returns the run index inside a run. */
uint64_t uxhw_fork_ensemble(const UxhwConfig *config);
/* The run's end of its channel to the supervisor (-1 outside an ensemble run). */
extern int uxhw_channel_fd;

/* Query kinds: the Float form of a query is kind + 1 (it is another call for the order check). */
enum
{
	UXHW_Q_SAMPLE = 0,
	UXHW_Q_SAMPLE_BATCH = 2,
	UXHW_Q_NTH_MOMENT = 4,
	UXHW_Q_NTH_MODE = 6,
	UXHW_Q_SUPPORT_MIN = 8,
	UXHW_Q_SUPPORT_MAX = 10,
	UXHW_Q_PROBABILITY_GT = 12,
	UXHW_Q_QUANTILE = 14,
	UXHW_Q_INDEPENDENT_COPY = 16,
	UXHW_Q_LIMIT_SUPPORT = 18,
	UXHW_Q_BAYES_LAPLACE = 20,
	UXHW_Q_KINDS = 22
};
const char *uxhw_query_name(uint32_t kind);

/* A run's request at its index-th query (run -> supervisor, one write). */
typedef struct
{
	uint32_t kind;
	uint32_t reserved;
	uint64_t site;  /* return address of the public function: the call site */
	uint64_t index; /* this run's query counter */
	uint64_t count; /* n of NthMoment/NthMode, sample count of SampleBatch */
	double value;
	double arg1; /* probability, cutoff, support min, model(prior) */
	double arg2; /* support max, observed data */
} UxhwRequest;

enum { UXHW_REPLY_OK = 0, UXHW_REPLY_DIVERGED = 1, UXHW_REPLY_CAPACITY = 2 };

/* The supervisor's reply; SampleBatch's `count` doubles follow it. */
typedef struct
{
	int32_t status;
	uint32_t otherKind; /* DIVERGED: a differing request, for the message */
	uint64_t otherSite;
	uint64_t otherRun;
	double answer; /* CAPACITY: the number of runs that were waiting */
} UxhwReply;

/* Run side: sends the request and blocks for the answer (batch answers land in batch or
 * batchFloat when given); a failure reply ends the run with a uxhw: message. */
double uxhw_ask(UxhwRequest *request, double *batch, float *batchFloat);

/* Sends all of data on a channel socket (MSG_NOSIGNAL: a closed peer is -1, not SIGPIPE);
 * used by both the run and the supervisor side. */
int uxhw_send_all(int fd, const void *data, size_t length);

/* Regular files open at the fork get a private offset in each run (see CONTRACT.md 3). */
void uxhw_snapshot_open_files(void);
void uxhw_privatise_open_files(void);

_Noreturn void uxhw_fail(int status, const char *message, const char *detail);

#endif
