// An LD_PRELOAD shim for tests: read(2) of a file whose path ends in CLIPMERGE_FAULT_SUFFIX fails with EIO once
// the file offset reaches CLIPMERGE_FAULT_OFFSET bytes, as a failing disk or a dropped network mount does; every
// write(2) to descriptor CLIPMERGE_FAULT_WRITE_FD fails with EIO.
// Built by the test that uses it (clang -shared -fPIC); nothing of it is in clipmerge.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failing(int fd, size_t *limit) {
  const char *suffix = getenv("CLIPMERGE_FAULT_SUFFIX");
  const char *offset = getenv("CLIPMERGE_FAULT_OFFSET");
  if (!suffix || !offset || fd < 0) return 0;
  char link[64], path[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, path, sizeof path - 1);
  if (n <= 0) return 0;
  path[n] = 0;
  size_t length = strlen(suffix);
  if ((size_t)n < length || strcmp(path + n - length, suffix) != 0) return 0;
  off_t at = lseek(fd, 0, SEEK_CUR);
  off_t from = (off_t)strtoll(offset, NULL, 10);
  if (at < 0) return 0;
  if (at >= from) return 1;
  *limit = (size_t)(from - at);
  return 0;
}

ssize_t read(int fd, void *buffer, size_t count) {
  static ssize_t (*real)(int, void *, size_t);
  if (!real) real = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
  size_t limit = count;
  if (failing(fd, &limit)) {
    errno = EIO;
    return -1;
  }
  return real(fd, buffer, limit < count ? limit : count);
}

ssize_t write(int fd, const void *buffer, size_t count) {
  static ssize_t (*real)(int, const void *, size_t);
  if (!real) real = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
  const char *failing_fd = getenv("CLIPMERGE_FAULT_WRITE_FD");
  if (failing_fd && fd == atoi(failing_fd)) {
    errno = EIO;
    return -1;
  }
  return real(fd, buffer, count);
}
