/*
 * ltprobe — locktable kernel-conformance helper.
 *
 * One long-lived process per mounted file system: `ltprobe DIR` works on files in DIR. It reads one command
 * per line on stdin and writes exactly one answer line on stdout for each (flushed), so the caller may send
 * several commands before reading their answers. Built at run time by the Java side with `cc -O2`.
 *
 * Answers: "OK ..." on success; "ERR <ERRNO-NAME> <what failed>" when a set-up command fails;
 * probes answer with the write's outcome (see `probe`). Sizes and offsets are decimal bytes.
 * NAME is a plain file name inside DIR (no '/').
 *
 *   blocksize N            the file system's block size (default 4096): the size of the nosec write,
 *                          the spacer block and the prime                                   -> OK
 *   tickgate 0|1           1: a probe's EAGAIN is retried only when CLOCK_REALTIME_COARSE changed between
 *                          the prime and the write. File timestamps come from that clock (current_time), so
 *                          without a tick the prime left them current and the EAGAIN is real. For guests
 *                          under QEMU -icount, whose clock is exact; the default, 0, retries every EAGAIN -> OK
 *   create NAME            unlink NAME and its spacers NAME.sp*, create NAME (mode 0644), open it
 *                          O_RDWR|O_DIRECT: it becomes the current file                     -> OK
 *   open NAME              open an existing NAME O_RDWR|O_DIRECT as the current file        -> OK
 *   close                  close the current file                                           -> OK
 *   unlink NAME            unlink NAME and its spacers (ENOENT is not an error)              -> OK
 *   nosec                  make IS_NOSEC current on a new, empty file: one O_DIRECT write of a block
 *                          at 0, then ftruncate(0). The write path sets S_NOSEC (file_remove_privs);
 *                          the truncate leaves the file empty again                         -> OK
 *   pwrite OFF LEN         O_DIRECT pwrite(2) of LEN bytes at OFF from a page-aligned buffer -> OK <bytes>
 *   spacer END             make sure the record written next at byte END cannot be physically contiguous
 *                          with the current file's record that ends there, by taking the physical block
 *                          right after that record (the target) out of the allocator's reach:
 *                          1. a fresh one-block file NAME.sp<k> (k = 1, 2, ...): ext4 serves small files
 *                             from a per-CPU preallocation, so it usually gets the target;
 *                          2. hold and release: fallocate (KEEP_SIZE) the current file's block at END,
 *                             whose allocation goal is the target, and punch it out at once: XFS keeps a
 *                             freed extent busy (unusable for data) until the log commits, so the next
 *                             record cannot get it. When the held block went elsewhere the target may be
 *                             busy itself (freed by an earlier unlink): syncfs commits the log and the
 *                             hold is tried again, up to 64 times;
 *                          3. fresh spacer files again, up to 64.
 *                          FIEMAP tells whether a try got the target; the caller verifies the result.
 *                          -> OK <spacers so far> file | OK <spacers so far> held <tries>
 *                             | OK <spacers so far> miss
 *   unspace                unlink every spacer of the current file                          -> OK <n>
 *   read OFF LEN           buffered pread(2) through a second, non-O_DIRECT descriptor: puts the range in
 *                          the page cache (the pitfall tests use it)                         -> OK <bytes>
 *   falloc OFF LEN         fallocate(FALLOC_FL_KEEP_SIZE): unwritten blocks over holes       -> OK
 *   punch OFF LEN          fallocate(FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE)            -> OK
 *   truncate SIZE          ftruncate(2)                                                     -> OK
 *   chmod MODE             fchmod(2), MODE in octal (4755: set-uid, so IS_NOSEC is off)     -> OK
 *   sync                   fsync(2), then posix_fadvise(0, 1 GiB, DONTNEED): writes back and drops
 *                          every cached page of the file, the one straddling EOF included    -> OK
 *   stat                   fstat(2)                                   -> OK size=<n> mode=<octal> blocks=<n>
 *   fiemap                 FS_IOC_FIEMAP with FIEMAP_FLAG_SYNC over the whole file
 *                          -> OK <size> <count> <logical>:<physical>:<length>:<flags-hex> ...
 *   resident               mincore(2) over an mmap of max(size, 256 KiB) bytes
 *                          -> OK <resident pages> <pages checked>
 *   probe OFF LEN ALIGN PRIME RETRIES [DSYNC]
 *                          the NOWAIT probe on the current file: prime, then one pwritev2 with
 *                          RWF_NOWAIT (and RWF_DSYNC when DSYNC is 1) of LEN bytes at OFF from a buffer
 *                          whose address is divisible by ALIGN and by no larger power of two. PRIME is
 *                          the XFS timestamp prime done first, in this process: an offset (fallocate
 *                          KEEP_SIZE over that already allocated block), -1 (none) or -2
 *                          (futimens(UTIME_NOW), for a file without an allocated block). An EAGAIN is
 *                          retried (prime and write again) up to RETRIES more times: a clock tick
 *                          between prime and write gives a spurious EAGAIN, a real one is deterministic.
 *                          -> OK <bytes> <attempts> | EAGAIN <attempts> | EINVAL <attempts>
 *                             | <ERRNO-NAME> <attempts> | ERR <ERRNO-NAME> prime
 *   batch ALIGN PRIME RETRIES OFF:LEN:STOP ...
 *                          probes in order as `probe` does, stopping after the first success whose STOP
 *                          is 1 (a success that may have changed the layout)
 *                          -> OK <codes> <attempts> <spurious> [<index>=<ERRNO-NAME> ...]
 *                             codes: one letter per probe done, O success, A EAGAIN, I EINVAL, X other;
 *                             attempts: writes issued; spurious: probes that succeeded after an EAGAIN
 *   uprobe UID OFF LEN ALIGN PRIME RETRIES NOWAIT
 *                          one write as another caller: each attempt forks; the child primes as `probe` does
 *                          (as root, so that the prime itself strips nothing), then, when UID >= 0, becomes an
 *                          ordinary user: setgroups(0), setresgid(UID), setresuid(UID) — a non-zero uid loses
 *                          every capability, CAP_FSETID included, and UID's group is not the file's (root's) —
 *                          and does one pwritev2 (RWF_NOWAIT when NOWAIT is 1) on the current file, opened
 *                          before as root. UID -1 writes as this process (root). EAGAIN is retried as `probe`
 *                          does. The answer ends with the file's mode after the write (a strip clears set-id):
 *                          -> OK <bytes> <attempts> mode=<octal> | <ERRNO-NAME> <attempts> mode=<octal>
 *                             | ERR <ERRNO-NAME> <what failed>
 *   quit                   exit 0 (end of input does the same)
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <linux/falloc.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <grp.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef RWF_DSYNC
#define RWF_DSYNC 0x00000002
#endif
#ifndef RWF_NOWAIT
#define RWF_NOWAIT 0x00000008
#endif

#define MAX_ALIGN (1L << 20)

static long BLOCK = 4096; /* the file system block size: `blocksize N` */
static int tick_gate; /* `tickgate 1`: retry an EAGAIN only after a clock tick */
static int dirfd_ = -1;
static int fd = -1;
static char cur[256];
static int spacers;
static char *bufbase;
static size_t bufsize;

static const char *ename(int e) {
    switch (e) {
    case EAGAIN: return "EAGAIN";
    case EINVAL: return "EINVAL";
    case ENOENT: return "ENOENT";
    case EEXIST: return "EEXIST";
    case ENOSPC: return "ENOSPC";
    case EIO: return "EIO";
    case EBADF: return "EBADF";
    case EPERM: return "EPERM";
    case EACCES: return "EACCES";
    case EOPNOTSUPP: return "EOPNOTSUPP";
    case EFBIG: return "EFBIG";
    case EFAULT: return "EFAULT";
    case ENOMEM: return "ENOMEM";
    case EROFS: return "EROFS";
    case ETXTBSY: return "ETXTBSY";
    case EISDIR: return "EISDIR";
    case ENOTTY: return "ENOTTY";
    case EBUSY: return "EBUSY";
    case EINTR: return "EINTR";
    case ENOSYS: return "ENOSYS";
    default: {
        static char b[32];
        snprintf(b, sizeof b, "E%d", e);
        return b;
    }
    }
}

static void answer(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void answer(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

static void fail(const char *what) {
    answer("ERR %s %s", ename(errno), what);
}

/* A buffer of at least len bytes at an address divisible by align and by no larger power of two. */
static char *buffer(size_t len, long align) {
    size_t need = len + 2 * MAX_ALIGN;
    if (need > bufsize) {
        free(bufbase);
        bufbase = NULL;
        if (posix_memalign((void **) &bufbase, 2 * MAX_ALIGN, need) != 0) {
            bufbase = NULL;
            bufsize = 0;
            return NULL;
        }
        memset(bufbase, 0xab, need);
        bufsize = need;
    }
    if (align <= 0 || align >= MAX_ALIGN) {
        return bufbase;
    }
    return bufbase + align;
}

static int valid_name(const char *n) {
    return n[0] != '\0' && strchr(n, '/') == NULL && strcmp(n, ".") != 0 && strcmp(n, "..") != 0;
}

static void unlink_spacers(const char *name) {
    char prefix[300];
    snprintf(prefix, sizeof prefix, "%s.sp", name);
    size_t pl = strlen(prefix);
    int d = dup(dirfd_);
    if (d < 0) {
        return;
    }
    DIR *dir = fdopendir(d);
    if (dir == NULL) {
        close(d);
        return;
    }
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (strncmp(e->d_name, prefix, pl) == 0) {
            unlinkat(dirfd_, e->d_name, 0);
        }
    }
    closedir(dir);
}

static void close_current(void) {
    if (fd >= 0) {
        close(fd);
    }
    fd = -1;
}

static int need_file(void) {
    if (fd < 0) {
        answer("ERR EBADF no current file");
        return 0;
    }
    return 1;
}

static void cmd_create(const char *name, int create) {
    if (!valid_name(name)) {
        answer("ERR EINVAL bad name");
        return;
    }
    close_current();
    if (create) {
        if (unlinkat(dirfd_, name, 0) != 0 && errno != ENOENT) {
            fail("unlink");
            return;
        }
        unlink_spacers(name);
    }
    fd = openat(dirfd_, name, O_RDWR | O_DIRECT | (create ? O_CREAT | O_EXCL : 0), 0644);
    if (fd < 0) {
        fail(create ? "create" : "open");
        return;
    }
    snprintf(cur, sizeof cur, "%s", name);
    spacers = 0;
    answer("OK");
}

static void cmd_unlink(const char *name) {
    if (!valid_name(name)) {
        answer("ERR EINVAL bad name");
        return;
    }
    if (fd >= 0 && strcmp(name, cur) == 0) {
        close_current();
    }
    if (unlinkat(dirfd_, name, 0) != 0 && errno != ENOENT) {
        fail("unlink");
        return;
    }
    unlink_spacers(name);
    answer("OK");
}

static int full_pwrite(int f, long long off, long long len) {
    char *b = buffer((size_t) len, 4096);
    if (b == NULL) {
        errno = ENOMEM;
        return -1;
    }
    ssize_t r = pwrite(f, b, (size_t) len, off);
    if (r < 0) {
        return -1;
    }
    if (r != len) {
        errno = EIO;
        return -1;
    }
    return 0;
}

static void cmd_pwrite(long long off, long long len) {
    if (!need_file()) {
        return;
    }
    if (full_pwrite(fd, off, len) != 0) {
        fail("pwrite");
        return;
    }
    answer("OK %lld", len);
}

static void cmd_nosec(void) {
    if (!need_file()) {
        return;
    }
    if (full_pwrite(fd, 0, BLOCK) != 0) {
        fail("pwrite");
        return;
    }
    if (ftruncate(fd, 0) != 0) {
        fail("ftruncate");
        return;
    }
    answer("OK");
}

/* The extent of f that maps byte `at` (FIEMAP over one byte); 1 when there is one. */
static int extent_at(int f, long long at, struct fiemap_extent *out) {
    char buf[sizeof(struct fiemap) + 2 * sizeof(struct fiemap_extent)];
    struct fiemap *fm = (struct fiemap *) buf;
    memset(buf, 0, sizeof buf);
    fm->fm_start = (unsigned long long) at;
    fm->fm_length = 1;
    fm->fm_flags = FIEMAP_FLAG_SYNC;
    fm->fm_extent_count = 2;
    if (ioctl(f, FS_IOC_FIEMAP, fm) != 0) {
        return -1;
    }
    for (unsigned i = 0; i < fm->fm_mapped_extents; i++) {
        struct fiemap_extent *e = &fm->fm_extents[i];
        if (e->fe_logical <= (unsigned long long) at && (unsigned long long) at < e->fe_logical + e->fe_length) {
            *out = *e;
            return 1;
        }
    }
    return 0;
}

#define SPACER_TRIES 64

/* A fresh one-block file NAME.sp<k>: 1 when its block is `target`, 0 when not, -1 on error (answered). */
static int spacer_file(unsigned long long target) {
    char n[300];
    snprintf(n, sizeof n, "%s.sp%d", cur, spacers + 1);
    int s = openat(dirfd_, n, O_RDWR | O_DIRECT | O_CREAT | O_TRUNC, 0644);
    if (s < 0) {
        fail("spacer open");
        return -1;
    }
    if (full_pwrite(s, 0, BLOCK) != 0) {
        fail("spacer pwrite");
        close(s);
        return -1;
    }
    struct fiemap_extent se;
    int sg = extent_at(s, 0, &se);
    close(s);
    spacers++;
    if (sg < 0) {
        fail("FS_IOC_FIEMAP spacer");
        return -1;
    }
    return sg == 1 && se.fe_physical == target;
}

/* Hold and release: the current file's own block at `end` (the allocator's goal is right after the record),
 * punched out at once. 1 when the held block was `target`, 0 when not, -1 on error (answered). */
static int hold(long long end, unsigned long long target) {
    if (fallocate(fd, FALLOC_FL_KEEP_SIZE, end, BLOCK) != 0) {
        fail("fallocate hold");
        return -1;
    }
    struct fiemap_extent held;
    int hg = extent_at(fd, end, &held);
    if (fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, end, BLOCK) != 0) {
        fail("fallocate release");
        return -1;
    }
    if (hg < 0) {
        fail("FS_IOC_FIEMAP hold");
        return -1;
    }
    return hg == 1 && held.fe_physical + (unsigned long long) (end - (long long) held.fe_logical) == target;
}

static void cmd_spacer(long long end) {
    if (!need_file()) {
        return;
    }
    struct fiemap_extent rec;
    int got = extent_at(fd, end - 1, &rec);
    if (got < 0) {
        fail("FS_IOC_FIEMAP");
        return;
    }
    if (got == 0) {
        answer("ERR ENOENT no record ends at %lld", end);
        return;
    }
    unsigned long long target = rec.fe_physical + (unsigned long long) (end - (long long) rec.fe_logical);
    int r = spacer_file(target);
    if (r < 0) {
        return;
    }
    if (r == 1) {
        answer("OK %d file", spacers);
        return;
    }
    for (int t = 0; t < SPACER_TRIES; t++) {
        r = hold(end, target);
        if (r < 0) {
            return;
        }
        if (r == 1) {
            answer("OK %d held %d", spacers, t + 1);
            return;
        }
        if (t == 0 && syncfs(dirfd_) != 0) {
            /* the target may be busy itself (freed by an earlier unlink): commit the journal first */
            fail("syncfs");
            return;
        }
    }
    for (int t = 0; t < SPACER_TRIES; t++) {
        r = spacer_file(target);
        if (r < 0) {
            return;
        }
        if (r == 1) {
            answer("OK %d file", spacers);
            return;
        }
    }
    answer("OK %d miss", spacers);
}

static void cmd_unspace(void) {
    if (!need_file()) {
        return;
    }
    int n = spacers;
    unlink_spacers(cur);
    spacers = 0;
    answer("OK %d", n);
}

static void cmd_read(long long off, long long len) {
    if (!need_file()) {
        return;
    }
    int b = openat(dirfd_, cur, O_RDONLY);
    if (b < 0) {
        fail("open buffered");
        return;
    }
    char *buf = malloc((size_t) len);
    ssize_t r = buf ? pread(b, buf, (size_t) len, off) : -1;
    int e = errno;
    free(buf);
    close(b);
    if (r < 0) {
        errno = e;
        fail("pread");
        return;
    }
    answer("OK %zd", r);
}

static void cmd_falloc(int mode, long long off, long long len) {
    if (!need_file()) {
        return;
    }
    if (fallocate(fd, mode, off, len) != 0) {
        fail("fallocate");
        return;
    }
    answer("OK");
}

static void cmd_truncate(long long size) {
    if (!need_file()) {
        return;
    }
    if (ftruncate(fd, size) != 0) {
        fail("ftruncate");
        return;
    }
    answer("OK");
}

static void cmd_chmod(const char *mode) {
    if (!need_file()) {
        return;
    }
    char *end;
    long m = strtol(mode, &end, 8);
    if (*end != '\0') {
        answer("ERR EINVAL bad mode");
        return;
    }
    if (fchmod(fd, (mode_t) m) != 0) {
        fail("fchmod");
        return;
    }
    answer("OK");
}

static void cmd_sync(void) {
    if (!need_file()) {
        return;
    }
    if (fsync(fd) != 0) {
        fail("fsync");
        return;
    }
    int e = posix_fadvise(fd, 0, 1LL << 30, POSIX_FADV_DONTNEED);
    if (e != 0) {
        errno = e;
        fail("posix_fadvise");
        return;
    }
    answer("OK");
}

static void cmd_stat(void) {
    if (!need_file()) {
        return;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        fail("fstat");
        return;
    }
    answer("OK size=%lld mode=%o blocks=%lld", (long long) st.st_size, (unsigned) (st.st_mode & 07777),
           (long long) st.st_blocks);
}

#define FIEMAP_BATCH 64

static void cmd_fiemap(void) {
    if (!need_file()) {
        return;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        fail("fstat");
        return;
    }
    size_t sz = sizeof(struct fiemap) + FIEMAP_BATCH * sizeof(struct fiemap_extent);
    struct fiemap *fm = malloc(sz);
    if (fm == NULL) {
        answer("ERR ENOMEM fiemap");
        return;
    }
    size_t cap = 4096, used = 0;
    char *out = malloc(cap);
    int count = 0;
    unsigned long long start = 0;
    int last = 0;
    out[0] = '\0';
    while (!last) {
        memset(fm, 0, sz);
        fm->fm_start = start;
        fm->fm_length = FIEMAP_MAX_OFFSET - start;
        fm->fm_flags = FIEMAP_FLAG_SYNC;
        fm->fm_extent_count = FIEMAP_BATCH;
        if (ioctl(fd, FS_IOC_FIEMAP, fm) != 0) {
            fail("FS_IOC_FIEMAP");
            free(fm);
            free(out);
            return;
        }
        if (fm->fm_mapped_extents == 0) {
            break;
        }
        for (unsigned i = 0; i < fm->fm_mapped_extents; i++) {
            struct fiemap_extent *e = &fm->fm_extents[i];
            char item[128];
            int n = snprintf(item, sizeof item, " %llu:%llu:%llu:%x", (unsigned long long) e->fe_logical,
                             (unsigned long long) e->fe_physical, (unsigned long long) e->fe_length, e->fe_flags);
            if (used + n + 1 > cap) {
                cap = 2 * (used + n + 1);
                out = realloc(out, cap);
            }
            memcpy(out + used, item, n + 1);
            used += n;
            count++;
            start = e->fe_logical + e->fe_length;
            if (e->fe_flags & FIEMAP_EXTENT_LAST) {
                last = 1;
            }
        }
    }
    answer("OK %lld %d%s", (long long) st.st_size, count, out);
    free(fm);
    free(out);
}

static void cmd_resident(void) {
    if (!need_file()) {
        return;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        fail("fstat");
        return;
    }
    long page = sysconf(_SC_PAGESIZE);
    long long len = st.st_size;
    if (len < 256 * 1024) {
        len = 256 * 1024;
    }
    len = (len + page - 1) / page * page;
    void *m = mmap(NULL, (size_t) len, PROT_READ, MAP_SHARED, fd, 0);
    if (m == MAP_FAILED) {
        fail("mmap");
        return;
    }
    size_t pages = (size_t) (len / page);
    unsigned char *vec = malloc(pages);
    if (mincore(m, (size_t) len, vec) != 0) {
        fail("mincore");
        munmap(m, (size_t) len);
        free(vec);
        return;
    }
    size_t resident = 0;
    for (size_t i = 0; i < pages; i++) {
        resident += vec[i] & 1;
    }
    munmap(m, (size_t) len);
    free(vec);
    answer("OK %zu %zu", resident, pages);
}

/* Result of one probe: 0 success, else the errno of the last attempt; *attempts counts writes issued. */
static int probe_once(long long off, long long len, long align, long long prime, int retries, int rwf,
                      int *attempts, int *spurious, int *prime_err) {
    char *b = buffer((size_t) len, align);
    if (b == NULL) {
        return ENOMEM;
    }
    struct iovec iov = {b, (size_t) len};
    int result = 0;
    *prime_err = 0;
    for (int t = 0; t <= retries; t++) {
        struct timespec before, after;
        int clocked = tick_gate && clock_gettime(CLOCK_REALTIME_COARSE, &before) == 0;
        if (prime >= 0) {
            if (fallocate(fd, FALLOC_FL_KEEP_SIZE, prime, BLOCK) != 0) {
                *prime_err = errno;
                return errno;
            }
        } else if (prime == -2) {
            if (futimens(fd, NULL) != 0) {
                *prime_err = errno;
                return errno;
            }
        }
        (*attempts)++;
        ssize_t r = pwritev2(fd, &iov, 1, off, RWF_NOWAIT | rwf);
        if (r >= 0) {
            if (t > 0) {
                (*spurious)++;
            }
            return 0;
        }
        result = errno;
        if (result != EAGAIN) {
            return result;
        }
        if (clocked && clock_gettime(CLOCK_REALTIME_COARSE, &after) == 0 && after.tv_sec == before.tv_sec
                && after.tv_nsec == before.tv_nsec) {
            return result; /* no tick since the prime: the timestamps were current, the EAGAIN is real */
        }
    }
    return result;
}

static void cmd_probe(long long off, long long len, long align, long long prime, int retries, int dsync) {
    if (!need_file()) {
        return;
    }
    int attempts = 0, spurious = 0, prime_err = 0;
    int r = probe_once(off, len, align, prime, retries, dsync ? RWF_DSYNC : 0, &attempts, &spurious, &prime_err);
    if (prime_err) {
        answer("ERR %s prime", ename(prime_err));
    } else if (r == 0) {
        answer("OK %lld %d", len, attempts);
    } else {
        answer("%s %d", ename(r), attempts);
    }
}

/* One attempt of `uprobe` in a child: 0 success, else an errno; 200 + errno when priming or dropping failed. */
static int uprobe_child(long uid, long long off, long long len, long align, long long prime, int nowait) {
    char *b = buffer((size_t) len, align);
    if (b == NULL) {
        return 200 + ENOMEM;
    }
    if (prime >= 0 && fallocate(fd, FALLOC_FL_KEEP_SIZE, prime, BLOCK) != 0) {
        return 200 + errno;
    }
    if (prime == -2 && futimens(fd, NULL) != 0) {
        return 200 + errno;
    }
    if (uid >= 0 && (setgroups(0, NULL) != 0 || setresgid((gid_t) uid, (gid_t) uid, (gid_t) uid) != 0
                     || setresuid((uid_t) uid, (uid_t) uid, (uid_t) uid) != 0)) {
        return 200 + errno;
    }
    struct iovec iov = {b, (size_t) len};
    return pwritev2(fd, &iov, 1, off, nowait ? RWF_NOWAIT : 0) >= 0 ? 0 : errno;
}

static void cmd_uprobe(long uid, long long off, long long len, long align, long long prime, int retries, int nowait) {
    if (!need_file()) {
        return;
    }
    int attempts = 0, r = 0;
    for (int t = 0; t <= retries; t++) {
        fflush(stdout);
        pid_t pid = fork();
        if (pid < 0) {
            fail("fork");
            return;
        }
        if (pid == 0) {
            _exit(uprobe_child(uid, off, len, align, prime, nowait));
        }
        int status;
        if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
            answer("ERR EINTR the probe child did not exit");
            return;
        }
        r = WEXITSTATUS(status);
        if (r >= 200) {
            errno = r - 200;
            fail("prime or privilege drop");
            return;
        }
        attempts++;
        if (r != EAGAIN) {
            break;
        }
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        fail("fstat");
        return;
    }
    if (r == 0) {
        answer("OK %lld %d mode=%o", len, attempts, (unsigned) (st.st_mode & 07777));
    } else {
        answer("%s %d mode=%o", ename(r), attempts, (unsigned) (st.st_mode & 07777));
    }
}

static void cmd_batch(char *args) {
    if (!need_file()) {
        return;
    }
    char *save = NULL;
    char *tok = strtok_r(args, " ", &save);
    if (tok == NULL) {
        answer("ERR EINVAL batch needs ALIGN PRIME RETRIES");
        return;
    }
    long align = atol(tok);
    tok = strtok_r(NULL, " ", &save);
    long long prime = tok ? atoll(tok) : -1;
    tok = strtok_r(NULL, " ", &save);
    int retries = tok ? atoi(tok) : 0;
    size_t cap = 1024, n = 0;
    char *codes = malloc(cap);
    char others[4096];
    size_t olen = 0;
    others[0] = '\0';
    int attempts = 0, spurious = 0;
    while ((tok = strtok_r(NULL, " ", &save)) != NULL) {
        long long off, len;
        int stop;
        if (sscanf(tok, "%lld:%lld:%d", &off, &len, &stop) != 3) {
            free(codes);
            answer("ERR EINVAL bad batch item %s", tok);
            return;
        }
        int prime_err = 0;
        int r = probe_once(off, len, align, prime, retries, 0, &attempts, &spurious, &prime_err);
        if (prime_err) {
            free(codes);
            answer("ERR %s prime", ename(prime_err));
            return;
        }
        if (n + 2 > cap) {
            cap *= 2;
            codes = realloc(codes, cap);
        }
        char c = r == 0 ? 'O' : r == EAGAIN ? 'A' : r == EINVAL ? 'I' : 'X';
        if (c == 'X' && olen < sizeof others - 64) {
            olen += (size_t) snprintf(others + olen, sizeof others - olen, " %zu=%s", n, ename(r));
        }
        codes[n++] = c;
        if (r == 0 && stop) {
            break;
        }
    }
    codes[n] = '\0';
    answer("OK %s %d %d%s", n ? codes : "-", attempts, spurious, others);
    free(codes);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: ltprobe DIR  (commands on stdin, see the source)\n");
        return 2;
    }
    dirfd_ = open(argv[1], O_RDONLY | O_DIRECTORY);
    if (dirfd_ < 0) {
        perror(argv[1]);
        return 2;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    while ((got = getline(&line, &cap, stdin)) >= 0) {
        while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r')) {
            line[--got] = '\0';
        }
        char *sp = strchr(line, ' ');
        char *args = sp ? sp + 1 : line + got;
        if (sp) {
            *sp = '\0';
        }
        const char *c = line;
        long long a = 0, b = 0, d = 0;
        long al = 0, al2 = 0;
        int e = 0, f = 0;
        if (strcmp(c, "blocksize") == 0 && sscanf(args, "%lld", &a) == 1 && a >= 512 && a <= 65536) {
            BLOCK = (long) a;
            answer("OK");
        } else if (strcmp(c, "tickgate") == 0 && sscanf(args, "%d", &e) == 1 && (e == 0 || e == 1)) {
            tick_gate = e;
            answer("OK");
        } else if (strcmp(c, "create") == 0) {
            cmd_create(args, 1);
        } else if (strcmp(c, "open") == 0) {
            cmd_create(args, 0);
        } else if (strcmp(c, "close") == 0) {
            close_current();
            answer("OK");
        } else if (strcmp(c, "unlink") == 0) {
            cmd_unlink(args);
        } else if (strcmp(c, "nosec") == 0) {
            cmd_nosec();
        } else if (strcmp(c, "pwrite") == 0 && sscanf(args, "%lld %lld", &a, &b) == 2) {
            cmd_pwrite(a, b);
        } else if (strcmp(c, "read") == 0 && sscanf(args, "%lld %lld", &a, &b) == 2) {
            cmd_read(a, b);
        } else if (strcmp(c, "spacer") == 0 && sscanf(args, "%lld", &a) == 1) {
            cmd_spacer(a);
        } else if (strcmp(c, "unspace") == 0) {
            cmd_unspace();
        } else if (strcmp(c, "falloc") == 0 && sscanf(args, "%lld %lld", &a, &b) == 2) {
            cmd_falloc(FALLOC_FL_KEEP_SIZE, a, b);
        } else if (strcmp(c, "punch") == 0 && sscanf(args, "%lld %lld", &a, &b) == 2) {
            cmd_falloc(FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, a, b);
        } else if (strcmp(c, "truncate") == 0 && sscanf(args, "%lld", &a) == 1) {
            cmd_truncate(a);
        } else if (strcmp(c, "chmod") == 0) {
            cmd_chmod(args);
        } else if (strcmp(c, "sync") == 0) {
            cmd_sync();
        } else if (strcmp(c, "stat") == 0) {
            cmd_stat();
        } else if (strcmp(c, "fiemap") == 0) {
            cmd_fiemap();
        } else if (strcmp(c, "resident") == 0) {
            cmd_resident();
        } else if (strcmp(c, "probe") == 0 && sscanf(args, "%lld %lld %ld %lld %d %d", &a, &b, &al, &d, &e, &f) >= 5) {
            cmd_probe(a, b, al, d, e, f);
        } else if (strcmp(c, "uprobe") == 0
                   && sscanf(args, "%ld %lld %lld %ld %lld %d %d", &al2, &a, &b, &al, &d, &e, &f) == 7) {
            cmd_uprobe(al2, a, b, al, d, e, f);
        } else if (strcmp(c, "batch") == 0) {
            cmd_batch(args);
        } else if (strcmp(c, "quit") == 0) {
            break;
        } else {
            answer("ERR EINVAL unknown command or arguments: %s", c);
        }
    }
    free(line);
    close_current();
    return 0;
}
