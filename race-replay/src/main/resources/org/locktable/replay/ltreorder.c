/*
 * ltreorder — locktable's reordering device: a multithreaded libfuse3 daemon serving one image file.
 *
 *   ltreorder BACKING LOG MOUNTPOINT
 *
 * The mount shows two files: /image (BACKING's bytes; a loop device with --direct-io=on over it turns every
 * block-layer write into its own FUSE write) and /ctl (commands, one per line, written to it). Every write to
 * /image is logged to LOG when it reaches BACKING, in that order:
 *
 *   write OFF+LEN CHARS [held RULE until|release|timeout]
 *
 * CHARS has one character per 512-byte sector: A B C (that operation's pattern), o (the layout's original
 * bytes), 0 (zeros), . (anything else). Commands:
 *
 *   hold RULE START LEN PATS until START2 LEN2 PATS2 MS
 *        hold back the first write overlapping [START, START+LEN) that carries a sector of PATS there, until a
 *        write overlapping [START2, START2+LEN2) carrying a sector of PATS2 there has landed (or MS ms passed);
 *        PATS "=0": only a write inside [START, START+LEN) carrying nothing but zeros
 *   hold RULE START LEN PATS release MS
 *        the same, until a `release` command (or MS ms)
 *   release      lets every write held by a release rule go
 *   clear        drops every rule (held writes go)
 *   mark TEXT    a line "mark TEXT" in the log
 *
 * Why a daemon and not a delay: the counterexample's order is followed by what landed, not by timing, so a
 * replay is deterministic; the timeout only keeps a writer that waits for its own held write (a sync or
 * FORCE_WAIT write) from hanging, and the log says so.
 */
#define FUSE_USE_VERSION 31
#include <fuse.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_RULES 16
#define SECTOR 512

struct rule {
	int used;            /* slot taken */
	char id[32];
	long long start, len;
	char pats[16];
	int by_release;      /* 1: until `release`; 0: until a matching landed write */
	long long ustart, ulen;
	char upats[16];
	int ms;
	int matched;         /* a write was held (or passed) by it: it holds only once */
	int until_seen;      /* the write it waits for has landed */
	int released;        /* `release` came */
};

static int backing = -1;
static FILE *logf;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static struct rule rules[MAX_RULES];
static char ctlbuf[4096];
static size_t ctllen;

static char sector_char(const unsigned char *p, size_t n)
{
	unsigned char c = p[0];
	for (size_t i = 1; i < n; i++)
		if (p[i] != c)
			return '.';
	if (c == 0)
		return '0';
	if ((c >= 'A' && c <= 'D') || c == 'o')
		return (char)c;
	return '.';
}

static void sectors(const char *buf, size_t size, char *out)
{
	size_t n = 0;
	for (size_t off = 0; off < size; off += SECTOR) {
		size_t len = size - off < SECTOR ? size - off : SECTOR;
		out[n++] = sector_char((const unsigned char *)buf + off, len);
	}
	out[n] = 0;
}

/* Does the write [off, off+size) with these sector chars carry a sector of pats inside [start, start+len)? */
static int carries(long long off, size_t size, const char *chars, long long start, long long len, const char *pats)
{
	if (pats[0] == '=') {
		/* "=PATS": only a write inside the range carrying nothing but PATS (a zeroing bio, not a page written back
		   around the same zeros) */
		if (off < start || off + (long long)size > start + len)
			return 0;
		for (size_t k = 0; chars[k]; k++)
			if (!strchr(pats + 1, chars[k]))
				return 0;
		return 1;
	}
	long long lo = off > start ? off : start;
	long long hi = off + (long long)size < start + len ? off + (long long)size : start + len;
	for (long long at = lo; at < hi; at += SECTOR) {
		char c = chars[(at - off) / SECTOR];
		if (strchr(pats, c))
			return 1;
	}
	return 0;
}

static void command(char *line)
{
	char verb[16] = "";
	sscanf(line, "%15s", verb);
	pthread_mutex_lock(&mu);
	if (!strcmp(verb, "hold")) {
		struct rule r;
		memset(&r, 0, sizeof r);
		char mode[16];
		int n = sscanf(line, "hold %31s %lld %lld %15s %15s", r.id, &r.start, &r.len, r.pats, mode);
		if (n == 5 && !strcmp(mode, "release")) {
			r.by_release = 1;
			n = sscanf(line, "hold %*s %*s %*s %*s release %d", &r.ms) == 1 ? 6 : 0;
		} else if (n == 5 && !strcmp(mode, "until")) {
			n = sscanf(line, "hold %*s %*s %*s %*s until %lld %lld %15s %d", &r.ustart, &r.ulen, r.upats, &r.ms) == 4 ? 6 : 0;
		} else {
			n = 0;
		}
		for (int i = 0; n == 6 && i < MAX_RULES; i++) {
			if (!rules[i].used) {
				r.used = 1;
				rules[i] = r;
				break;
			}
		}
		if (n != 6)
			fprintf(logf, "error bad command: %s\n", line);
	} else if (!strcmp(verb, "release")) {
		for (int i = 0; i < MAX_RULES; i++)
			rules[i].released = 1;
	} else if (!strcmp(verb, "clear")) {
		memset(rules, 0, sizeof rules);
	} else if (!strcmp(verb, "mark")) {
		fprintf(logf, "%s\n", line);
	} else if (verb[0]) {
		fprintf(logf, "error bad command: %s\n", line);
	}
	fflush(logf);
	pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&mu);
}

static int done_waiting(const struct rule *r)
{
	return !r->used || (r->by_release ? r->released : r->until_seen);
}

static int image_write(const char *buf, size_t size, off_t off)
{
	char chars[size / SECTOR + 2];
	sectors(buf, size, chars);
	pthread_mutex_lock(&mu);
	int held = -1;
	for (int i = 0; i < MAX_RULES; i++) {
		struct rule *r = &rules[i];
		if (r->used && !r->matched && carries(off, size, chars, r->start, r->len, r->pats)) {
			r->matched = 1;
			held = i;
			break;
		}
	}
	const char *why = "";
	char id[32] = "";
	if (held >= 0) {
		struct rule *r = &rules[held];
		snprintf(id, sizeof id, "%s", r->id);
		struct timespec until;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_sec += r->ms / 1000;
		until.tv_nsec += (long)(r->ms % 1000) * 1000000L;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		int timed_out = 0;
		while (!done_waiting(r) && !timed_out)
			timed_out = pthread_cond_timedwait(&cv, &mu, &until) == ETIMEDOUT;
		why = !r->used ? "clear" : done_waiting(r) ? (r->by_release ? "release" : "until") : "timeout";
	}
	/* the write lands under the lock, so that the log's order is the order bytes reached the backing file */
	ssize_t n = pwrite(backing, buf, size, off);
	int err = errno;
	for (int i = 0; n >= 0 && i < MAX_RULES; i++) {
		struct rule *r = &rules[i];
		if (r->used && !r->by_release && carries(off, size, chars, r->ustart, r->ulen, r->upats))
			r->until_seen = 1;
	}
	fprintf(logf, "write %lld+%zu %s", (long long)off, size, chars);
	if (held >= 0)
		fprintf(logf, " held %s %s", id, why);
	fputc('\n', logf);
	fflush(logf);
	pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&mu);
	return n < 0 ? -err : (int)n;
}

static int is(const char *path, const char *name)
{
	return path[0] == '/' && !strcmp(path + 1, name);
}

static int op_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
	(void)fi;
	memset(st, 0, sizeof *st);
	if (!strcmp(path, "/")) {
		st->st_mode = S_IFDIR | 0700;
		st->st_nlink = 2;
		return 0;
	}
	if (is(path, "image")) {
		struct stat b;
		if (fstat(backing, &b) < 0)
			return -errno;
		st->st_mode = S_IFREG | 0600;
		st->st_nlink = 1;
		st->st_size = b.st_size;
		st->st_blocks = b.st_blocks;
		return 0;
	}
	if (is(path, "ctl")) {
		st->st_mode = S_IFREG | 0600;
		st->st_nlink = 1;
		return 0;
	}
	return -ENOENT;
}

static int op_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off, struct fuse_file_info *fi,
		enum fuse_readdir_flags flags)
{
	(void)off; (void)fi; (void)flags;
	if (strcmp(path, "/"))
		return -ENOENT;
	fill(buf, ".", NULL, 0, 0);
	fill(buf, "..", NULL, 0, 0);
	fill(buf, "image", NULL, 0, 0);
	fill(buf, "ctl", NULL, 0, 0);
	return 0;
}

static int op_open(const char *path, struct fuse_file_info *fi)
{
	if (is(path, "ctl")) {
		fi->direct_io = 1; /* a command reaches the daemon when it is written, not at writeback */
		return 0;
	}
	if (is(path, "image"))
		return 0; /* not direct_io: the loop device's O_DIRECT writes take fuse_direct_IO, async for an async
		           * kiocb, so a held write does not block the loop worker behind it (FOPEN_DIRECT_IO is sync) */
	return -ENOENT;
}

static int op_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi)
{
	(void)fi;
	if (is(path, "ctl"))
		return 0;
	ssize_t n = pread(backing, buf, size, off);
	return n < 0 ? -errno : (int)n;
}

static int op_write(const char *path, const char *buf, size_t size, off_t off, struct fuse_file_info *fi)
{
	(void)fi; (void)off;
	if (is(path, "image"))
		return image_write(buf, size, off);
	for (size_t i = 0; i < size; i++) {
		if (buf[i] == '\n' || ctllen + 1 >= sizeof ctlbuf) {
			ctlbuf[ctllen] = 0;
			command(ctlbuf);
			ctllen = 0;
		} else {
			ctlbuf[ctllen++] = buf[i];
		}
	}
	return (int)size;
}

static int op_truncate(const char *path, off_t size, struct fuse_file_info *fi)
{
	(void)fi;
	if (is(path, "ctl"))
		return 0;
	return ftruncate(backing, size) < 0 ? -errno : 0;
}

static int op_fsync(const char *path, int datasync, struct fuse_file_info *fi)
{
	(void)path; (void)datasync; (void)fi;
	return 0; /* the backing file is on tmpfs */
}

static const struct fuse_operations ops = {
	.getattr = op_getattr,
	.readdir = op_readdir,
	.open = op_open,
	.read = op_read,
	.write = op_write,
	.truncate = op_truncate,
	.fsync = op_fsync,
};

int main(int argc, char *argv[])
{
	if (argc != 4) {
		fprintf(stderr, "usage: ltreorder BACKING LOG MOUNTPOINT\n");
		return 2;
	}
	backing = open(argv[1], O_RDWR);
	if (backing < 0) {
		perror(argv[1]);
		return 1;
	}
	logf = fopen(argv[2], "w");
	if (!logf) {
		perror(argv[2]);
		return 1;
	}
	char *fargv[] = {argv[0], "-f", "-o", "fsname=locktable-reorder,default_permissions", argv[3], NULL};
	return fuse_main(5, fargv, &ops, NULL);
}
