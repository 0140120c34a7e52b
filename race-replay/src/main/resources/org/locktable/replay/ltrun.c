/*
 * ltrun — locktable's race helper: builds a layout, runs the operations of a race in the order given, reads back.
 *
 *   ltrun build FILE SIZE BLOCKSIZE LAYOUT   LAYOUT one letter per block: W written ('o' bytes, one O_DIRECT
 *                                             pwrite per run), then ftruncate(SIZE), then U unwritten
 *                                             (fallocate KEEP_SIZE), H hole; fsync, posix_fadvise(DONTNEED) -> OK
 *   ltrun run FILE CTL STEP...               the steps, in order, on FILE opened O_DIRECT and buffered:
 *       aio X OFF LEN        io_submit (libaio) of an O_DIRECT write of LEN bytes of X's pattern ('A'..'D', 'o')
 *       uring X OFF LEN      the same through io_uring (io_uring_submit)
 *       dio X OFF LEN        O_DIRECT pwrite
 *       buf X OFF LEN        buffered pwrite
 *       aio-read X OFF LEN   io_submit of an O_DIRECT read (uring-read: through io_uring); its bytes when reaped
 *       dread X OFF LEN      O_DIRECT pread
 *       bread X OFF LEN      buffered pread
 *       truncate X SIZE 0    ftruncate(2)
 *       punch X OFF LEN      fallocate(PUNCH_HOLE | KEEP_SIZE)
 *       falloc X OFF LEN     fallocate(0): allocates, and grows i_size
 *       falloc-keep X OFF LEN  fallocate(KEEP_SIZE): takes the inode lock and waits for direct I/O in flight
 *       fsync                fsync(2)
 *       release              writes "release" to CTL: the reordering device lets its release-held writes go
 *       reap                 waits for every submitted async operation
 *       bg STEP              the step (any of the above with X OFF LEN) in a thread of its own: an operation that
 *                            blocks in the kernel — on the inode lock, or with its lock held while its held write is
 *                            in flight — while the next ones are issued (up to MAX_BG at once); "join" waits for each
 *       sleep MS             lets a background operation reach the kernel (take its lock, or queue on it) first
 *   each step prints one line: "STEP X rc=N us=M" (rc the syscall's result or -errno, us its duration; a step in the
 *   background prefixed "bg "); a read adds " data=CHARS", a character per 512-byte sector of what it returned.
 *   ltrun read FILE                          O_DIRECT read of the whole file -> "size N CHARS", a character
 *                                             per 512-byte sector: A..D o 0 as the device's log, ? other
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
static pthread_mutex_t async_mu = PTHREAD_MUTEX_INITIALIZER;

/* one async operation in flight: who, and for a read the buffer its bytes arrive in */
struct async {
	struct iocb cb;
	char who;
	int read;
	char *buf;
};

static struct async slots[MAX_ASYNC];
static int slot_count;

/* one step: KIND WHO OFF LEN */
struct step {
	const char *kind;
	char who[2];
	off_t off;
	size_t len;
};

struct bg {
	pthread_t thread;
	struct step step;
	int running;
};

static struct bg bgw[MAX_BG];
static int bg_count;
static __thread const char *prefix = "";

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

/* a character per 512-byte sector of p[0, len): the pattern all its bytes share, '?' when mixed or another byte */
static void describe(const char *p, long long len, char *out)
{
	size_t n = 0;
	for (long long at = 0; at < len; at += SECTOR) {
		unsigned char c = (unsigned char)p[at];
		int same = 1;
		for (int i = 1; i < SECTOR && at + i < len; i++)
			same &= (unsigned char)p[at + i] == c;
		out[n++] = !same ? '?' : c == 0 ? '0' : ((c >= 'A' && c <= 'D') || c == 'o') ? (char)c : '?';
	}
	out[n] = 0;
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
	char *chars = malloc(st.st_size / SECTOR + 2);
	describe(p, st.st_size, chars);
	printf("size %lld %s\n", (long long)st.st_size, chars);
	return 0;
}

static void report(const char *step, const char *who, long long rc, long long t0, const char *data)
{
	printf("%s%s %s rc=%lld us=%lld%s%s\n", prefix, step, who, rc, now_us() - t0, data ? " data=" : "",
	       data ? data : "");
	fflush(stdout);
}

/* a read's result line: its bytes up to what it returned */
static void report_read(const char *step, const char *who, long long rc, long long t0, const char *buf)
{
	char *chars = malloc((rc > 0 ? rc : 0) / SECTOR + 2);
	describe(buf, rc > 0 ? rc : 0, chars);
	report(step, who, rc, t0, chars);
	free(chars);
}

static struct async *slot(char who, int read, size_t len)
{
	pthread_mutex_lock(&async_mu);
	if (slot_count == MAX_ASYNC) {
		errno = EINVAL;
		die("too many async operations");
	}
	struct async *a = &slots[slot_count++];
	pthread_mutex_unlock(&async_mu);
	a->who = who;
	a->read = read;
	a->buf = pattern(read ? 0x55 : who, len);
	return a;
}

static void submit_aio(const struct step *s, int read)
{
	pthread_mutex_lock(&async_mu);
	if (!aio_up && io_setup(MAX_ASYNC, &aio) < 0)
		die("io_setup");
	aio_up = 1;
	pthread_mutex_unlock(&async_mu);
	struct async *a = slot(s->who[0], read, s->len);
	struct iocb *cb = &a->cb;
	if (read)
		io_prep_pread(cb, dfd, a->buf, s->len, s->off);
	else
		io_prep_pwrite(cb, dfd, a->buf, s->len, s->off);
	cb->data = a;
	long long t0 = now_us();
	int rc = io_submit(aio, 1, &cb); /* may block on the inode lock: outside async_mu */
	pthread_mutex_lock(&async_mu);
	pending_aio += rc == 1;
	pthread_mutex_unlock(&async_mu);
	report(read ? "aio-read" : "aio", s->who, rc, t0, NULL);
}

/* io_uring's submission queue is one thread's: never in the background (HoldPlan issues it inline) */
static void submit_uring(const struct step *s, int read)
{
	if (!ring_up && io_uring_queue_init(MAX_ASYNC, &ring, 0) < 0)
		die("io_uring_queue_init");
	ring_up = 1;
	struct async *a = slot(s->who[0], read, s->len);
	struct io_uring_sqe *sqe = io_uring_get_sqe(&ring);
	if (read)
		io_uring_prep_read(sqe, dfd, a->buf, s->len, s->off);
	else
		io_uring_prep_write(sqe, dfd, a->buf, s->len, s->off);
	io_uring_sqe_set_data(sqe, a);
	long long t0 = now_us();
	int rc = io_uring_submit(&ring);
	pending_ring += rc == 1;
	report(read ? "uring-read" : "uring", s->who, rc, t0, NULL);
}

static void reaped(struct async *a, long long rc, long long t0)
{
	char who[2] = {a->who, 0};
	if (a->read)
		report_read("reaped", who, rc, t0, a->buf);
	else
		report("reaped", who, rc, t0, NULL);
}

static void reap(void)
{
	long long t0 = now_us();
	while (pending_aio > 0) {
		struct io_event ev;
		if (io_getevents(aio, 1, 1, &ev, NULL) != 1)
			die("io_getevents");
		reaped((struct async *)ev.data, (long)ev.res, t0);
		pending_aio--;
	}
	while (pending_ring > 0) {
		struct io_uring_cqe *cqe;
		if (io_uring_wait_cqe(&ring, &cqe) < 0)
			die("io_uring_wait_cqe");
		reaped((struct async *)io_uring_cqe_get_data(cqe), cqe->res, t0);
		io_uring_cqe_seen(&ring, cqe);
		pending_ring--;
	}
}

static int is_step(const char *k)
{
	static const char *kinds[] = {"aio", "uring", "dio", "buf", "aio-read", "uring-read", "dread", "bread",
				      "truncate", "punch", "falloc", "falloc-keep", NULL};
	for (int i = 0; kinds[i]; i++)
		if (!strcmp(k, kinds[i]))
			return 1;
	return 0;
}

static void exec_step(const struct step *s)
{
	const char *k = s->kind;
	long long t0 = now_us();
	if (!strcmp(k, "aio") || !strcmp(k, "aio-read")) {
		submit_aio(s, k[3] != 0);
	} else if (!strcmp(k, "uring") || !strcmp(k, "uring-read")) {
		submit_uring(s, k[5] != 0);
	} else if (!strcmp(k, "dio") || !strcmp(k, "buf")) {
		char *p = pattern(s->who[0], s->len);
		t0 = now_us();
		ssize_t rc = pwrite(k[0] == 'd' ? dfd : bfd, p, s->len, s->off);
		report(k, s->who, rc < 0 ? -errno : rc, t0, NULL);
		free(p);
	} else if (!strcmp(k, "dread") || !strcmp(k, "bread")) {
		char *p = pattern(0x55, s->len);
		t0 = now_us();
		ssize_t rc = pread(k[0] == 'd' ? dfd : bfd, p, s->len, s->off);
		report_read(k, s->who, rc < 0 ? -errno : rc, t0, p);
		free(p);
	} else if (!strcmp(k, "truncate")) {
		int rc = ftruncate(dfd, s->off);
		report(k, s->who, rc < 0 ? -errno : rc, t0, NULL);
	} else {
		int mode = !strcmp(k, "punch") ? FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE
			 : !strcmp(k, "falloc-keep") ? FALLOC_FL_KEEP_SIZE : 0;
		int rc = fallocate(dfd, mode, s->off, s->len);
		report(k, s->who, rc < 0 ? -errno : rc, t0, NULL);
	}
}

static void *bg_step(void *arg)
{
	prefix = "bg ";
	exec_step(&((struct bg *)arg)->step);
	return NULL;
}

static void join_all(void)
{
	for (int k = 0; k < bg_count; k++) {
		if (bgw[k].running) {
			pthread_join(bgw[k].thread, NULL);
			bgw[k].running = 0;
		}
	}
}

/* KIND WHO OFF LEN at argv[i]; returns how many arguments it took */
static int parse_step(int argc, char **argv, int i, struct step *s)
{
	if (i + 3 >= argc) {
		errno = EINVAL;
		die(argv[i]);
	}
	s->kind = argv[i];
	s->who[0] = argv[i + 1][0];
	s->who[1] = 0;
	s->off = atoll(argv[i + 2]);
	s->len = atoll(argv[i + 3]);
	return 4;
}

static int run(const char *file, const char *ctl, int argc, char **argv)
{
	dfd = open(file, O_RDWR | O_DIRECT);
	bfd = open(file, O_RDWR);
	if (dfd < 0 || bfd < 0)
		die(file);
	for (int i = 0; i < argc; i++) {
		const char *s = argv[i];
		if (is_step(s)) {
			struct step st;
			i += parse_step(argc, argv, i, &st) - 1;
			exec_step(&st);
		} else if (!strcmp(s, "bg") && i + 1 < argc && is_step(argv[i + 1])) {
			if (bg_count == MAX_BG) {
				errno = EINVAL;
				die("bg: too many background operations");
			}
			struct bg *b = &bgw[bg_count++];
			i += parse_step(argc, argv, i + 1, &b->step);
			if (pthread_create(&b->thread, NULL, bg_step, b))
				die("pthread_create");
			b->running = 1;
		} else if (!strcmp(s, "join")) {
			join_all();
		} else if (!strcmp(s, "sleep") && i + 1 < argc) {
			usleep(atoi(argv[++i]) * 1000);
		} else if (!strcmp(s, "fsync")) {
			long long t0 = now_us();
			int rc = fsync(bfd);
			report("fsync", "-", rc < 0 ? -errno : rc, t0, NULL);
		} else if (!strcmp(s, "release")) {
			int c = open(ctl, O_WRONLY);
			if (c < 0 || write(c, "release\n", 8) != 8)
				die(ctl);
			close(c);
			report("release", "-", 0, now_us(), NULL);
		} else if (!strcmp(s, "reap")) {
			reap();
		} else {
			errno = EINVAL;
			die(s);
		}
	}
	join_all();
	reap();
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
