#!/usr/bin/env bash
#
# photo-backup.sh: nightly snapshot of the family photo library to the backup disk.
#
# Runs from cron on the NAS at 01:30:
#   30 1 * * * /volume1/scripts/photo-backup.sh >/dev/null 2>&1
#
# Each run makes a hard-linked snapshot with rsync --link-dest, so unchanged photos take no
# extra space, then thins out old snapshots: all of the last KEEP_DAILY nights, one per week
# for KEEP_WEEKLY weeks, one per month for KEEP_MONTHLY months. Written by Tom, March 2027;
# last changed Saturday 10 April 2027 (the free-space check).

set -euo pipefail

# --- settings -------------------------------------------------------------------------------

SRC="/volume1/photos/library/"          # trailing slash: copy the contents, not the folder
DEST="/volumeUSB2/usbshare/snapshots"   # one folder per night in here, named by date
LOG="/volume1/scripts/logs/photo-backup.log"
LOCK="/tmp/photo-backup.lock"

KEEP_DAILY=7        # nightly snapshots kept in full
KEEP_WEEKLY=5       # then the Sunday snapshot of each week for this many weeks
KEEP_MONTHLY=12     # then the snapshot of the 1st of each month for this many months

MIN_FREE_GB=50      # refuse to start if the backup disk has less free space than this
MAIL_TO="tom.okafor@example.co.uk"   # gets a message when a run fails (not when it succeeds)

# Not worth backing up: thumbnails (photoferry rebuilds them), the trash and partial uploads.
EXCLUDES=(--exclude ".thumbnails/" --exclude ".trash/" --exclude "*.part")

DRY_RUN=0
VERBOSE=0
FORCE=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-n] [-v] [-f] [-h]

Make tonight's snapshot of $SRC under $DEST and prune old ones.

  -n   dry run: show what would be copied and deleted, change nothing
  -v   verbose: list every file copied
  -f   force: run even if a snapshot for today already exists (it is replaced)
  -h   show this help

Exit status: 0 on success, 1 on a failed copy, 2 on bad options,
3 if the disk is too full, 75 if another run is still going.
EOF
}

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" >>"$LOG"
}

fail() {
    log "FAILED: $*"
    printf 'The photo backup on %s failed:\n\n%s\n\nSee %s for details.\n' \
        "$(hostname)" "$*" "$LOG" | mail -s "Photo backup FAILED" "$MAIL_TO"
    exit 1
}

check_space() {
    local free_gb
    free_gb=$(df -BG --output=avail "$DEST" | tail -n 1 | tr -dc '0-9')
    if (( free_gb < MIN_FREE_GB )); then
        log "only ${free_gb} GB free on the backup disk (need ${MIN_FREE_GB}), not starting"
        printf 'Backup disk nearly full: %s GB free.\n' "$free_gb" | mail -s "Photo backup: disk full" "$MAIL_TO"
        exit 3
    fi
}

snapshot() {
    local today latest
    today=$(date +%F)
    latest=$(ls -1d "$DEST"/20??-??-?? 2>/dev/null | tail -n 1 || true)
    if [[ -d "$DEST/$today" && $FORCE -eq 0 ]]; then
        log "a snapshot for $today already exists, nothing to do (use -f to replace it)"
        exit 0
    fi
    local opts=(-a --delete "${EXCLUDES[@]}")
    (( DRY_RUN )) && opts+=(--dry-run)
    (( VERBOSE )) && opts+=(-v)
    [[ -n "$latest" ]] && opts+=(--link-dest "$latest")
    rsync "${opts[@]}" "$SRC" "$DEST/$today.partial" >>"$LOG" 2>&1 || fail "rsync exited with status $?"
    (( DRY_RUN )) || mv "$DEST/$today.partial" "$DEST/$today"
    log "snapshot $today done"
}

keep() {
    # Print the snapshots to keep, newest first: the last KEEP_DAILY, then Sundays, then 1sts of months.
    local all=("$@") n=0 weeks=0 months=0 d
    for d in "${all[@]}"; do
        n=$((n + 1))
        if (( n <= KEEP_DAILY )); then echo "$d"; continue; fi
        if [[ $(date -d "$d" +%u) -eq 7 ]] && (( weeks < KEEP_WEEKLY )); then
            weeks=$((weeks + 1)); echo "$d"; continue
        fi
        if [[ $(date -d "$d" +%d) == 01 ]] && (( months < KEEP_MONTHLY )); then
            months=$((months + 1)); echo "$d"
        fi
    done
}

prune() {
    local snaps keepers d
    mapfile -t snaps < <(ls -1 "$DEST" | grep -E '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' | sort -r)
    keepers=$(keep "${snaps[@]}")
    for d in "${snaps[@]}"; do
        if ! grep -qx "$d" <<<"$keepers"; then
            log "removing old snapshot $d"
            (( DRY_RUN )) || rm -rf -- "${DEST:?}/$d"
        fi
    done
}

# --- main -----------------------------------------------------------------------------------

while getopts "nvfh" opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

# Only one run at a time: a second run while the first is still copying exits straight away.
exec 9>"$LOCK"
if ! flock -n 9; then
    log "another backup is still running, giving up"
    exit 75
fi

[[ -d "$DEST" ]] || fail "backup disk not mounted at $DEST"
check_space
log "starting (dry run: $DRY_RUN)"
snapshot
prune
log "finished"
