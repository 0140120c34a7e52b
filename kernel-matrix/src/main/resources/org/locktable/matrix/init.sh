#!/bin/busybox sh
# locktable guest init. Loads the modules listed in /modules.order, then serves the host: commands on ttyS1,
# one answer line each; the native helper runs on ttyS2 or ttyS3 with its own line protocol.
#   run CMD...          eval CMD                       -> RC <status> <output on one line>
#   lines CMD...        eval CMD                       -> each output line as "| LINE", then RC <status>
#   helper PORT DIR     start /opt/lt/ltprobe DIR with stdin and stdout on /dev/PORT -> OK <pid>
#   wait PID            wait for a helper to exit      -> RC <status> <its stderr on one line>
#   off                 sync and end the guest         -> BYE
/bin/busybox mkdir -p /proc /sys /dev /tmp /t
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
# libfuse mounts directly as root and leaves a symlinked mtab alone
ln -s /proc/mounts /etc/mtab
for m in $(cat /modules.order); do
    insmod /lib/modules/$m.ko 2>>/tmp/insmod.err || echo "insmod $m failed" >>/tmp/insmod.err
done
mount -t tmpfs -o size=1800m tmpfs /t
for p in ttyS1 ttyS2 ttyS3; do
    stty -F /dev/$p 115200 raw -echo clocal -crtscts
done
exec 3<>/dev/ttyS1
# the helper ports stay open: what the host sends before a helper has opened its port is kept, not dropped
exec 4<>/dev/ttyS2 5<>/dev/ttyS3
one() { tr '\n' ' ' | cut -c1-2000; }
echo "READY $(uname -r) $(cat /tmp/insmod.err 2>/dev/null | one)" >&3
while IFS= read -r line <&3; do
    cmd=${line%% *}
    arg=${line#* }
    case "$cmd" in
        run)
            out=$(eval "$arg" 2>&1)
            rc=$?
            echo "RC $rc $(printf '%s' "$out" | one)" >&3 ;;
        lines)
            eval "$arg" >/tmp/lines.out 2>&1
            rc=$?
            sed 's/^/| /' /tmp/lines.out >&3
            echo "RC $rc" >&3 ;;
        helper)
            port=${arg%% *}
            dir=${arg#* }
            /opt/lt/ltprobe "$dir" </dev/$port >/dev/$port 2>/tmp/$port.err &
            echo "OK $!" >&3 ;;
        wait)
            wait "$arg"
            rc=$?
            echo "RC $rc $(cat /tmp/*.err 2>/dev/null | one)" >&3 ;;
        off)
            sync
            echo "BYE" >&3
            break ;;
        *)
            echo "ERR unknown command $cmd" >&3 ;;
    esac
done
reboot -f
