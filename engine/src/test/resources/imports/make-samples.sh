#!/bin/bash
# Regenerates the real extent-map samples in this directory (run as root; needs loop devices, ext4, XFS,
# e2fsprogs and xfsprogs). Everything happens on a private tmpfs that is torn down on exit.
#
#   sudo ./make-samples.sh [OUTDIR]        (default: the directory of this script)
#
# Each file system gets the same files, built block by block (B = the file system block size):
#   W = direct write (xfs_io -d pwrite) into a hole, U = fallocate (xfs_io falloc -k) over a hole,
#   D = buffered write without fsync (delalloc), holes = blocks never touched.
set -euo pipefail
OUT=$(cd "${1:-$(dirname "$0")}" && pwd)
WORK=$(mktemp -d /tmp/locktable-imports.XXXXXX)
MOUNTS=()
LOOPS=()
cleanup() {
    set +e
    cd /
    for m in "${MOUNTS[@]}"; do umount "$m"; done
    for l in "${LOOPS[@]}"; do losetup -d "$l"; done
    umount "$WORK" && rmdir "$WORK"
}
trap cleanup EXIT
mount -t tmpfs -o size=3G none "$WORK"

# newfs NAME SIZE MKFS...: image on tmpfs, loop device, mount on $WORK/NAME
newfs() {
    local name=$1 size=$2
    shift 2
    truncate -s "$size" "$WORK/$name.img"
    "$@" "$WORK/$name.img" >/dev/null
    local dev
    dev=$(losetup -f --show "$WORK/$name.img")
    LOOPS+=("$dev")
    mkdir "$WORK/$name"
    mount "$dev" "$WORK/$name"
    MOUNTS=("$WORK/$name" "${MOUNTS[@]}")
}

d() { xfs_io -d -c "pwrite -q -b $((B * $3)) $(($2 * B)) $(($3 * B))" "$1"; }   # d FILE BLOCK COUNT: written
u() { xfs_io -c "falloc -k $(($2 * B)) $(($3 * B))" "$1"; }                      # u FILE BLOCK COUNT: unwritten
fin() { xfs_io -c "truncate $2" -c fsync -c "fadvise -d 0 1073741824" "$1"; }     # fin FILE SIZE: i_size, clean cache

build() {
    B=$(stat -f -c %S .)
    touch wuuw; d wuuw 0 1; d wuuw 3 1; u wuuw 1 2; fin wuuw $((4 * B))           # W U U W
    touch holes; d holes 1 1; d holes 3 1; fin holes $((5 * B))                    # H W H W H
    touch split spacer; d split 0 1; d spacer 0 1; d split 1 1                     # W|W: the spacer takes the
    fin split $((2 * B)); fin spacer "$B"                                          #   physically next block
    touch ww; d ww 0 2; fin ww $((2 * B))                                          # W W, one write
    touch ww2; d ww2 0 1; d ww2 1 1; fin ww2 $((2 * B))                            # W W, two writes
    touch keep; d keep 0 2; fin keep $((2 * B)); u keep 2 2                        # W W U U, i_size 2 blocks
    touch mixed; d mixed 0 6; d mixed 11 1; u mixed 6 3; fin mixed $((12 * B - 100))  # W*6 U*3 H H W
    touch long                                                                     # (W W U H) x 10
    for i in 0 1 2 3 4 5 6 7 8 9; do d long $((4 * i)) 2; done
    for i in 0 1 2 3 4 5 6 7 8 9; do u long $((4 * i + 2)) 1; done
    fin long $((40 * B))
    touch far; d far $((1073741824 / B)) 1; fin far $((1073741824 + B))          # H*(1 GiB) W
    touch bigu; u bigu 0 40000; fin bigu $((40000 * B))                            # U*40000 (> 32767)
    truncate -s $((2 * B)) sparse                                                  # H H, no extent at all
    touch empty                                                                    # nothing
}

# cap NAME TOOL-ARGS...: run a tool on file NAME, output to $DIR/NAME.<tool tag>.txt
cap() {
    local f=$1 tag=$2
    shift 2
    "$@" "$f" > "$DIR/$f.$tag.txt"
}

# the delalloc file: W H D D, captured before anything flushes it, then after
dela() {
    touch dela; d dela 0 1; xfs_io -c fsync dela; xfs_io -c "pwrite -q $((2 * B)) $((2 * B))" dela
    cap dela filefrag-v filefrag -v
    if [ "$1" = xfs ]; then
        cap dela xfs_bmap-vpe xfs_bmap -vpe
        cap dela xfs_bmap-vp.flushed xfs_bmap -vp                  # GETBMAPX without -e flushes delalloc
    fi
    cap dela fiemap-v.flushed xfs_io -c "fiemap -v"                # FIEMAP_FLAG_SYNC flushes delalloc
}

newfs ext4-4k 512M mkfs.ext4 -q -F -b 4096
newfs ext4-1k 512M mkfs.ext4 -q -F -b 1024
newfs xfs-4k 512M mkfs.xfs -q -f
newfs xfs-stripe 1G mkfs.xfs -q -f -d su=64k,sw=2

FILES="wuuw holes split ww ww2 keep mixed long far bigu sparse empty"
for fs in ext4-4k ext4-1k xfs-4k; do
    DIR=$OUT/$fs
    mkdir -p "$DIR"
    cd "$WORK/$fs"
    build
    for f in $FILES; do
        cap "$f" filefrag-v filefrag -v
        cap "$f" fiemap-v xfs_io -c "fiemap -v"
        case $fs in xfs*)
            cap "$f" xfs_bmap-vp xfs_bmap -vp
            cap "$f" xfs_bmap-v xfs_bmap -v ;;
        esac
    done
    dela "${fs%%-*}"
done

# filefrag's other number formats, on ext4 with 4 KiB blocks
DIR=$OUT/ext4-4k
cd "$WORK/ext4-4k"
cap mixed filefrag-vX filefrag -v -X
cap far filefrag-vX filefrag -v -X
cap mixed filefrag-vk filefrag -v -k
cap mixed filefrag-vE filefrag -v -E
xfs_bmap -vp wuuw > "$DIR/wuuw.xfs_bmap-vp.foreign.txt" 2>&1 || true    # xfs_bmap on ext4: refused by xfs_io
filefrag -v wuuw holes > "$DIR/two-files.filefrag-v.txt"
cd "$WORK/xfs-4k"
xfs_bmap -vvp mixed > "$OUT/xfs-4k/mixed.xfs_bmap-vvp.txt"

# XFS with a stripe unit: the FLAGS column appears even without -p
DIR=$OUT/xfs-stripe
mkdir -p "$DIR"
cd "$WORK/xfs-stripe"
B=4096
touch wuuw; d wuuw 0 1; d wuuw 3 1; u wuuw 1 2; fin wuuw $((4 * B))
touch aligned; d aligned 0 32; u aligned 32 32; fin aligned $((64 * B))            # W*32 U*32, 128 KiB each
for f in wuuw aligned; do
    cap "$f" xfs_bmap-vp xfs_bmap -vp
    cap "$f" xfs_bmap-v xfs_bmap -v
    cap "$f" fiemap-v xfs_io -c "fiemap -v"
done

{
    echo "kernel: $(uname -srm)"
    echo "filefrag: $(filefrag -V 2>&1)"
    echo "xfs_io: $(xfs_io -V)"
    echo "mkfs.ext4: $(mkfs.ext4 -V 2>&1 | head -1)"
    echo "mkfs.xfs: $(mkfs.xfs -V)"
    for fs in ext4-4k ext4-1k xfs-4k xfs-stripe; do
        echo "$fs: $(findmnt -n -o FSTYPE,OPTIONS "$WORK/$fs") block size $(stat -f -c %S "$WORK/$fs")"
    done
} > "$OUT/versions.txt"
