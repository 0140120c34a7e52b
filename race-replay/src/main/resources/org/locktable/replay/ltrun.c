/*
 * ltrun — locktable's race helper: builds a layout, runs the operations of a race in the order given, reads back.
 *
 *   ltrun build FILE SIZE BLOCKSIZE LAYOUT   LAYOUT one letter per block: W written ('o' bytes, one O_DIRECT
 *                                             pwrite per run), then ftruncate(SIZE), then U unwritten
 *                                             (fallocate KEEP_SIZE), H hole; fsync, posix_fadvise(DONTNEED) -> OK
 *   ltrun run FILE CTL STEP...               the steps, in order, on FILE opened O_DIRECT and buffered:
 *       aio X OFF LEN     io_submit (libaio) of an O_DIRECT write of LEN bytes of X's pattern ('A', 'B', 'C')
 *       uring X OFF LEN   the same through io_uring (io_uring_submit)
 *       dio X OFF LEN     O_DIRECT pwrite
 *       buf X OFF LEN     buffered pwrite
 *       fsync             fsync(2)
 *       truncate SIZE     ftruncate(2)
 *       release           writes "release" to CTL: the reordering device lets its release-held writes go
 *       reap              waits for every submitted async write
 *       bg dio X OFF LEN  the O_DIRECT pwrite in a thread of its own (a writer that holds the inode lock while its
 *                         held write is in flight; up to MAX_BG at once); "join" waits for each and prints its line
 *       sleep MS          lets a background writer take its lock first
 *   each step prints one line: "STEP X rc=N us=M" (rc the syscall's result or -errno, us its duration).
 *   ltrun read FILE                          O_DIRECT read of the whole file -> "size N CHARS", a character
 *                                             per 512-byte sector: A B C o 0 as the device's log, ? other
 *
 * Why a program: io_submit and io_uring with O_DIRECT buffers, fallocate, and the exact order of syscalls are
 * what the replay needs and Java cannot give.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libaio.h>
#include <pthread.h>
#include <liburing.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define SECTOR 512
#define MAX_ASYNC 8
#define MAX_BG 4

static int dfd = -1, bfd = -1;
static io_context_t aio;
static struct io_uring ring;
static int aio_up, ring_up, pending_aio, pending_ring;
static struct iocb iocbs[MAX_ASYNC];

struct bg {
	pthread_t thread;
	char who[2];
	off_t off;
	size_t len;
	ssize_t rc;
	long long us;
	int running;
};

static struct bg bgw[MAX_BG];
static int bg_count;

static void *bg_write(void *arg)
{
	struct bg *b = arg;
	char *p;
	if (posix_memalign((void **)&p, 4096, b->len))
		return NULL;
	memset(p, b->who[0], b->len);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	b->rc = pwrite(dfd, p, b->len, b->off);
	if (b->rc < 0)
		b->rc = -errno;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	b->us = (t1.tv_sec - t0.tv_sec) * 1000000LL + (t1.tv_nsec - t0.tv_nsec) / 1000;
	free(p);
	return NULL;
}

static void join_all(void)
{
	for (int k = 0; k < bg_count; k++) {
		struct bg *b = &bgw[k];
		if (b->running) {
			pthread_join(b->thread, NULL);
			b->running = 0;
			printf("bg %s rc=%lld us=%lld\n", b->who, (long long)b->rc, b->us);
		}
	}
}

static void die(const char *what)
{
	fprintf(stdout, "ERR %s %s\n", strerror(errno), what);
	exit(1);
}

static long long now_us(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000LL + t.tv_nsec / 1000;
}

static char *pattern(char c, size_t len)
{
	char *p;
	if (posix_memalign((void **)&p, 4096, len ? len : 4096))
		die("posix_memalign");
	memset(p, c, len);
	return p;
}

static int build(const char *file, long long size, int bs, const char *layout)
{
	int fd = open(file, O_RDWR | O_CREAT | O_TRUNC | O_DIRECT, 0644);
	if (fd < 0)
		die(file);
	size_t n = strlen(layout);
	/* written runs first, then the size, then unwritten runs with KEEP_SIZE: ftruncate would free those past EOF */
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1 && ftruncate(fd, size) < 0)
			die("ftruncate");
		for (size_t b = 0; b < n;) {
			size_t e = b;
			while (e < n && layout[e] == layout[b])
				e++;
			off_t off = (off_t)b * bs, len = (off_t)(e - b) * bs;
			if (layout[b] == 'W' && pass == 0) {
				char *p = pattern('o', len);
				if (pwrite(fd, p, len, off) != len)
					die("pwrite W");
				free(p);
			} else if (layout[b] == 'U' && pass == 1) {
				if (fallocate(fd, FALLOC_FL_KEEP_SIZE, off, len) < 0)
					die("fallocate U");
			} else if (layout[b] != 'H' && layout[b] != 'W' && layout[b] != 'U') {
				errno = EINVAL;
				die("layout letter");
			}
			b = e;
		}
	}
	if (fsync(fd) < 0)
		die("fsync");
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
	printf("OK\n");
	return 0;
}

static int readback(const char *file)
{
	int fd = open(file, O_RDONLY | O_DIRECT);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0)
		die(file);
	size_t len = (st.st_size + 4095) / 4096 * 4096;
	char *p = pattern(0x55, len);
	ssize_t got = pread(fd, p, len, 0);
	if (got < 0)
		die("pread");
	printf("size %lld ", (long long)st.st_size);
	for (long long at = 0; at < st.st_size; at += SECTOR) {
		unsigned char c = (unsigned char)p[at];
		int same = 1;
		for (int i = 1; i < SECTOR && at + i < st.st_size; i++)
			same &= (unsigned char)p[at + i] == c;
		putchar(!same ? '?' : c == 0 ? '0' : (c == 'A' || c == 'B' || c == 'C' || c == 'o') ? c : '?');
	}
	putchar('\n');
	return 0;
}

static void report(const char *step, const char *who, long long rc, long long t0)
{
	printf("%s %s rc=%lld us=%lld\n", step, who, rc, now_us() - t0);
	fflush(stdout);
}

static void submit_aio(const char *who, off_t off, size_t len)
{
	if (!aio_up && io_setup(MAX_ASYNC, &aio) < 0)
		die("io_setup");
	aio_up = 1;
	struct iocb *cb = &iocbs[pending_aio];
	io_prep_pwrite(cb, dfd, pattern(who[0], len), len, off);
	cb->data = (void *)(long)who[0];
	long long t0 = now_us();
	int rc = io_submit(aio, 1, &cb);
	pending_aio += rc == 1;
	report("aio", who, rc, t0);
}

static void submit_uring(const char *who, off_t off, size_t len)
{
	if (!ring_up && io_uring_queue_init(MAX_ASYNC, &ring, 0) < 0)
		die("io_uring_queue_init");
	ring_up = 1;
	struct io_uring_sqe *sqe = io_uring_get_sqe(&ring);
	io_uring_prep_write(sqe, dfd, pattern(who[0], len), len, off);
	io_uring_sqe_set_data(sqe, (void *)(long)who[0]);
	long long t0 = now_us();
	int rc = io_uring_submit(&ring);
	pending_ring += rc == 1;
	report("uring", who, rc, t0);
}

static void reap(void)
{
	long long t0 = now_us();
	while (pending_aio > 0) {
		struct io_event ev;
		if (io_getevents(aio, 1, 1, &ev, NULL) != 1)
			die("io_getevents");
		char who[2] = {(char)(long)ev.data, 0};
		report("reaped", who, (long)ev.res, t0);
		pending_aio--;
	}
	while (pending_ring > 0) {
		struct io_uring_cqe *cqe;
		if (io_uring_wait_cqe(&ring, &cqe) < 0)
			die("io_uring_wait_cqe");
		char who[2] = {(char)(long)io_uring_cqe_get_data(cqe), 0};
		report("reaped", who, cqe->res, t0);
		io_uring_cqe_seen(&ring, cqe);
		pending_ring--;
	}
}

static int run(const char *file, const char *ctl, int argc, char **argv)
{
	dfd = open(file, O_RDWR | O_DIRECT);
	bfd = open(file, O_RDWR);
	if (dfd < 0 || bfd < 0)
		die(file);
	for (int i = 0; i < argc; i++) {
		const char *s = argv[i];
		if (!strcmp(s, "aio") || !strcmp(s, "uring") || !strcmp(s, "dio") || !strcmp(s, "buf")) {
			if (i + 3 >= argc) {
				errno = EINVAL;
				die(s);
			}
			const char *who = argv[i + 1];
			off_t off = atoll(argv[i + 2]);
			size_t len = atoll(argv[i + 3]);
			i += 3;
			if (!strcmp(s, "aio")) {
				submit_aio(who, off, len);
			} else if (!strcmp(s, "uring")) {
				submit_uring(who, off, len);
			} else {
				char *p = pattern(who[0], len);
				long long t0 = now_us();
				ssize_t rc = pwrite(s[0] == 'd' ? dfd : bfd, p, len, off);
				report(s, who, rc < 0 ? -errno : rc, t0);
				free(p);
			}
		} else if (!strcmp(s, "bg") && i + 4 < argc && !strcmp(argv[i + 1], "dio")) {
			if (bg_count == MAX_BG) {
				errno = EINVAL;
				die("bg: too many background writers");
			}
			struct bg *b = &bgw[bg_count++];
			b->who[0] = argv[i + 2][0];
			b->off = atoll(argv[i + 3]);
			b->len = atoll(argv[i + 4]);
			i += 4;
			if (pthread_create(&b->thread, NULL, bg_write, b))
				die("pthread_create");
			b->running = 1;
		} else if (!strcmp(s, "join")) {
			join_all();
		} else if (!strcmp(s, "sleep") && i + 1 < argc) {
			usleep(atoi(argv[++i]) * 1000);
		} else if (!strcmp(s, "fsync")) {
			long long t0 = now_us();
			int rc = fsync(bfd);
			report("fsync", "-", rc < 0 ? -errno : rc, t0);
		} else if (!strcmp(s, "truncate") && i + 1 < argc) {
			long long t0 = now_us();
			int rc = ftruncate(dfd, atoll(argv[++i]));
			report("truncate", "-", rc < 0 ? -errno : rc, t0);
		} else if (!strcmp(s, "release")) {
			int c = open(ctl, O_WRONLY);
			if (c < 0 || write(c, "release\n", 8) != 8)
				die(ctl);
			close(c);
			report("release", "-", 0, now_us());
		} else if (!strcmp(s, "reap")) {
			reap();
		} else {
			errno = EINVAL;
			die(s);
		}
	}
	reap();
	join_all();
	printf("OK\n");
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 6 && !strcmp(argv[1], "build"))
		return build(argv[2], atoll(argv[3]), atoi(argv[4]), argv[5]);
	if (argc == 3 && !strcmp(argv[1], "read"))
		return readback(argv[2]);
	if (argc >= 4 && !strcmp(argv[1], "run"))
		return run(argv[2], argv[3], argc - 4, argv + 4);
	fprintf(stderr, "usage: ltrun build FILE SIZE BLOCKSIZE LAYOUT | run FILE CTL STEP... | read FILE\n");
	return 2;
}
