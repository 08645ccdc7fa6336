/* Internal interface shared by the runtime's C files (not for programs). */
#ifndef UXKIT_UXHW_INTERNAL_H
#define UXKIT_UXHW_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#define UXHW_EXIT_CONFIG 70
#define UXHW_EXIT_INTERNAL 71

typedef struct
{
	uint64_t runs;
	uint64_t parallel;
	uint64_t seed;
	uint64_t maxOutput;
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
void uxhw_set_stream(uint64_t seed, uint64_t run);

/* Becomes the supervisor and never returns there; returns the run index inside a run. */
uint64_t uxhw_fork_ensemble(const UxhwConfig *config);
/* The run's end of its channel to the supervisor (-1 outside an ensemble run). */
extern int uxhw_channel_fd;

/* Regular files open at the fork get a private offset in each run (see CONTRACT.md 3). */
void uxhw_snapshot_open_files(void);
void uxhw_privatise_open_files(void);

_Noreturn void uxhw_fail(int status, const char *message, const char *detail);
_Noreturn void uxhw_unsupported(const char *functionName);

#endif
