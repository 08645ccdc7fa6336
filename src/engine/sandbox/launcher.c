/*
 * uxkit sandbox launcher: joins the task's cgroups, applies resource limits to its child,
 * runs the command (bwrap) and reports how it ended plus the children's CPU time on fd 3.
 * Compiled once per machine by launcher.ts. Usage:
 *   launcher [--cgroup PROCS_FILE]... [--rlimit cpu|as|fsize|nofile=VALUE]... -- CMD ARGS...
 * Report line on fd 3: "exit <code> <signal> <user_us> <sys_us>\n".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_LIMITS 8

static int resource_of(const char *name) {
  if (strcmp(name, "cpu") == 0) return RLIMIT_CPU;
  if (strcmp(name, "as") == 0) return RLIMIT_AS;
  if (strcmp(name, "fsize") == 0) return RLIMIT_FSIZE;
  if (strcmp(name, "nofile") == 0) return RLIMIT_NOFILE;
  return -1;
}

int main(int argc, char **argv) {
  int resources[MAX_LIMITS];
  rlim_t values[MAX_LIMITS];
  int nlimits = 0;
  int i = 1;
  /* If the engine dies, the sandbox goes with it. */
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
    if (strcmp(argv[i], "--cgroup") == 0 && i + 1 < argc) {
      /* Join before forking so every descendant is counted, with no window for escape. */
      int fd = open(argv[++i], O_WRONLY);
      if (fd < 0 || write(fd, "0\n", 2) != 2) {
        fprintf(stderr, "uxkit-launcher: cannot join cgroup %s: %s\n", argv[i], strerror(errno));
        return 125;
      }
      close(fd);
    } else if (strcmp(argv[i], "--rlimit") == 0 && i + 1 < argc && nlimits < MAX_LIMITS) {
      char *spec = argv[++i];
      char *eq = strchr(spec, '=');
      if (eq == NULL) return 125;
      *eq = '\0';
      resources[nlimits] = resource_of(spec);
      values[nlimits] = (rlim_t)strtoull(eq + 1, NULL, 10);
      if (resources[nlimits] < 0) return 125;
      nlimits++;
    } else {
      fprintf(stderr, "uxkit-launcher: bad argument %s\n", argv[i]);
      return 125;
    }
  }
  if (i + 1 >= argc) return 125;
  pid_t child = fork();
  if (child < 0) return 126;
  if (child == 0) {
    for (int k = 0; k < nlimits; k++) {
      struct rlimit rl = { values[k], values[k] };
      /* One second of grace above the soft CPU limit so the program gets SIGXCPU, which
         names the limit, rather than a bare SIGKILL. */
      if (resources[k] == RLIMIT_CPU) rl.rlim_max = values[k] + 1;
      if (setrlimit(resources[k], &rl) == 0) continue;
      int err = errno;
      struct rlimit host;
      if (resources[k] == RLIMIT_NOFILE && err == EPERM && getrlimit(RLIMIT_NOFILE, &host) == 0) {
        /* Without CAP_SYS_RESOURCE the host's hard limit caps open files; the runtime then
           reports a capacity error (exit 73) if an ensemble really needs more. */
        rl.rlim_cur = rl.rlim_max = host.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &rl) == 0) continue;
        err = errno;
      }
      /* fd 3 tells the engine this was the launcher's failure, not the program's exit 125. */
      dprintf(3, "setup-error cannot set resource limit %d to %llu: %s\n", resources[k],
              (unsigned long long)values[k], strerror(err));
      _exit(125);
    }
    close(3);
    execvp(argv[i + 1], argv + i + 1);
    _exit(127);
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
  struct rusage ru;
  getrusage(RUSAGE_CHILDREN, &ru);
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  dprintf(3, "exit %d %d %lld %lld\n", code, sig,
          (long long)ru.ru_utime.tv_sec * 1000000LL + ru.ru_utime.tv_usec,
          (long long)ru.ru_stime.tv_sec * 1000000LL + ru.ru_stime.tv_usec);
  return code >= 0 ? code : 128 + sig;
}
