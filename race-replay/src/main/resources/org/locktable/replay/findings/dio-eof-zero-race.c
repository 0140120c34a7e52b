// SPDX-License-Identifier: GPL-2.0
/*
 * dio-eof-zero-race: races that end with an unaligned direct write's EOF-tail zeroing landing after another
 * writer's data, found by locktable's model (generated-docs/findings/).
 *
 *   dio-eof-zero-race r4 FILE N              R4: A = io_submit O_DIRECT 5120+1024 into a file of i_size 6144
 *                                            (written blocks), B = O_DIRECT pwrite 4096+4096, started together
 *   dio-eof-zero-race truncate FILE N        A = io_submit 5120+1024 into i_size 8192, T = ftruncate(6144),
 *                                            C = O_DIRECT pwrite 4096+4096, started together
 *
 * Each of N rounds builds the file afresh (blocks written, fsync), starts the operations from threads released at
 * once, and reads the file back with O_DIRECT. A round is corrupt when bytes no serial order of the operations
 * leaves are there: zeros in [6144, 8192) of a file 8192 bytes long that B (or C) wrote last. Prints the number of
 * corrupt rounds and exits 1 when there is one. Needs a 4 KiB block size and a 512-byte logical block size.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libaio.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *path;
static int truncate_race;
static pthread_barrier_t go;
static io_context_t ctx;

static char *buf(char c, size_t len)
{
	char *p;
	if (posix_memalign((void **)&p, 4096, len))
		exit(2);
	memset(p, c, len);
	return p;
}

static void fail(const char *what)
{
	perror(what);
	exit(2);
}

static void *writer_a(void *arg)
{
	int fd = *(int *)arg;
	struct iocb cb, *cbs[1] = {&cb};
	io_prep_pwrite(&cb, fd, buf('A', 1024), 1024, 5120);
	pthread_barrier_wait(&go);
	if (io_submit(ctx, 1, cbs) != 1)
		fail("io_submit");
	return NULL;
}

static void *truncater(void *arg)
{
	int fd = *(int *)arg;
	pthread_barrier_wait(&go);
	if (ftruncate(fd, 6144))
		fail("ftruncate");
	return NULL;
}

static void *writer_b(void *arg)
{
	int fd = *(int *)arg;
	char *p = buf('B', 4096);
	pthread_barrier_wait(&go);
	if (pwrite(fd, p, 4096, 4096) != 4096)
		fail("pwrite B");
	return NULL;
}

static int round_corrupt(void)
{
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_DIRECT, 0644);
	if (fd < 0)
		fail(path);
	if (pwrite(fd, buf('o', 8192), 8192, 0) != 8192 || ftruncate(fd, truncate_race ? 8192 : 6144) || fsync(fd))
		fail("build");
	pthread_t a, b, t;
	pthread_barrier_init(&go, NULL, truncate_race ? 3 : 2);
	pthread_create(&a, NULL, writer_a, &fd);
	pthread_create(&b, NULL, writer_b, &fd);
	if (truncate_race)
		pthread_create(&t, NULL, truncater, &fd);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	if (truncate_race)
		pthread_join(t, NULL);
	struct io_event ev;
	if (io_getevents(ctx, 1, 1, &ev, NULL) != 1)
		fail("io_getevents");
	pthread_barrier_destroy(&go);
	struct stat st;
	char *back = buf(0x55, 8192);
	if (fstat(fd, &st) || pread(fd, back, 8192, 0) < 0)
		fail("read back");
	close(fd);
	int zeros = 1;
	for (int i = 6144; i < 8192; i++)
		zeros &= back[i] == 0;
	free(back);
	return st.st_size == 8192 && zeros;
}

int main(int argc, char **argv)
{
	if (argc != 4 || (strcmp(argv[1], "r4") && strcmp(argv[1], "truncate"))) {
		fprintf(stderr, "usage: dio-eof-zero-race r4|truncate FILE ROUNDS\n");
		return 2;
	}
	truncate_race = !strcmp(argv[1], "truncate");
	path = argv[2];
	int rounds = atoi(argv[3]), corrupt = 0;
	if (io_setup(4, &ctx))
		fail("io_setup");
	for (int i = 0; i < rounds; i++)
		corrupt += round_corrupt();
	printf("%d of %d rounds corrupt\n", corrupt, rounds);
	return corrupt ? 1 : 0;
}
