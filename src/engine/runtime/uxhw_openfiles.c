/* Gives each run a private offset on the regular files the program had open at the fork.
 * fork() shares open file descriptions, so without this R runs reading one input file
 * would each see a slice of it. */
#define _GNU_SOURCE
#include "uxhw_internal.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct
{
	int fd;
	int statusFlags;
	int descriptorFlags;
	off_t offset;
} OpenFile;

static OpenFile *openFiles = NULL;
static size_t openFileCount = 0;

void uxhw_snapshot_open_files(void)
{
	DIR *dir = opendir("/proc/self/fd");
	if (dir == NULL)
		return;
	int own = dirfd(dir);
	size_t capacity = 0;
	struct dirent *entry;
	while ((entry = readdir(dir)) != NULL)
	{
		char *end;
		long fd = strtol(entry->d_name, &end, 10);
		struct stat info;
		if (*end != '\0' || end == entry->d_name || fd <= 2 || fd == own)
			continue;
		if (fstat((int)fd, &info) < 0 || !S_ISREG(info.st_mode))
			continue;
		off_t offset = lseek((int)fd, 0, SEEK_CUR);
		if (offset < 0)
			continue;
		if (openFileCount == capacity)
		{
			capacity = capacity ? capacity * 2 : 16;
			OpenFile *grown = realloc(openFiles, capacity * sizeof *openFiles);
			if (grown == NULL)
				break;
			openFiles = grown;
		}
		OpenFile *f = &openFiles[openFileCount++];
		f->fd = (int)fd;
		f->statusFlags = fcntl((int)fd, F_GETFL);
		f->descriptorFlags = fcntl((int)fd, F_GETFD);
		f->offset = offset;
	}
	closedir(dir);
}

void uxhw_privatise_open_files(void)
{
	for (size_t i = 0; i < openFileCount; i++)
	{
		const OpenFile *f = &openFiles[i];
		char path[64];
		snprintf(path, sizeof path, "/proc/self/fd/%d", f->fd);
		/* Reopen the same file through its magic link (works for unlinked files too). */
		int fresh = open(path, (f->statusFlags & ~(O_CREAT | O_TRUNC | O_EXCL)) | O_CLOEXEC);
		if (fresh < 0)
			continue;
		if (lseek(fresh, f->offset, SEEK_SET) < 0 ||
			dup3(fresh, f->fd, (f->descriptorFlags & FD_CLOEXEC) ? O_CLOEXEC : 0) < 0)
		{
			close(fresh);
			continue;
		}
		close(fresh);
	}
}
