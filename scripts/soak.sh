#!/usr/bin/env bash
# Soak test, not run in CI: GAMES (default 1000) games of `gomoku match` between two
# pbrain-gomoku processes at TIME (default 20ms) per move with -j 2, sampling the engines'
# resident memory every SAMPLE seconds, then checking: the match ran to the end, no engine
# crashed (no panic on stderr; an engine that dies forfeits), no forfeit, no move over the limit
# plus the match's tolerance, and memory flat. The match starts a fresh pair of engines for each
# game, so "flat" means: never more than 4 engines alive at once (none left behind), and the
# engines' peak RSS over the last quarter of the run at most FLAT_PERCENT above the peak over
# the second quarter. Then scripts/soak_session.py has ONE engine process play SESSION_GAMES
# (default 1000) games under INFO max_memory SESSION_MEMORY (default 20 MB) against random
# moves, checking its replies, its peak resident memory against the limit, and that its memory
# stays flat from game to game (the match above starts a fresh engine per game).
#
# Usage: nice -n 15 scripts/soak.sh            (GAMES=100 TIME=50ms OUT=dir scripts/soak.sh ...;
# TIME in ms)
# Output in OUT (default target/soak): summary.json, rss.tsv (time, pid, VmRSS kB, VmHWM kB),
# progress.log, stderr.log (the match's), engine-stderr.log, games/ (one record per game),
# session.tsv (the long-lived engine's memory after each game).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${GAMES:-1000}
time=${TIME:-20ms}
out=${OUT:-target/soak}
sample=${SAMPLE:-5}
flat_percent=${FLAT_PERCENT:-10}
tolerance_ms=1000 # the match's default --tolerance

cargo build --release -q -p gomoku-cli
rm -rf "$out"
mkdir -p "$out/games" "$out/bin"
out=$(cd "$out" && pwd)
# Copies, so a rebuild during the run does not change the players; the engine's stderr (which
# the match discards) goes to engine-stderr.log through a wrapper that execs it.
cp target/release/gomoku target/release/pbrain-gomoku "$out/bin/"
bin="$out/bin"
printf '#!/bin/sh\nexec "%s/pbrain-gomoku" "$@" 2>> "%s/engine-stderr.log"\n' "$bin" "$out" > "$bin/engine"
chmod +x "$bin/engine"
: > "$out/engine-stderr.log"
start=$(date +%s)
"$bin/gomoku" match "pbrain:$bin/engine" "pbrain:$bin/engine" \
  -n "$games" --time "$time" -j 2 --json --records "$out/games" \
  > "$out/summary.json" 2> "$out/stderr.log" &
match=$!
: > "$out/rss.tsv"
: > "$out/progress.log"
ticks=0
while kill -0 "$match" 2> /dev/null; do
  now=$(date +%s)
  for pid in $(pgrep -P "$match" -x pbrain-gomoku || true); do
    status=$(cat "/proc/$pid/status" 2> /dev/null || true)
    rss=$(awk '/^VmRSS:/ {print $2}' <<< "$status")
    hwm=$(awk '/^VmHWM:/ {print $2}' <<< "$status")
    [ -n "$rss" ] && printf '%s\t%s\t%s\t%s\n' "$((now - start))" "$pid" "$rss" "$hwm" >> "$out/rss.tsv"
  done
  ticks=$((ticks + 1))
  if [ $((ticks % 12)) -eq 0 ]; then
    done_games=$(find "$out/games" -type f | wc -l)
    echo "$(date -u +%H:%M:%S) $((now - start))s: $done_games games" | tee -a "$out/progress.log"
  fi
  sleep "$sample"
done
match_status=0
wait "$match" || match_status=$?
elapsed=$(($(date +%s) - start))

fail=0
check() { # check CONDITION MESSAGE
  if eval "$1"; then echo "ok   $2"; else echo "FAIL $2"; fail=1; fi
}
summary="$out/summary.json"
played=$(jq '.games' "$summary" 2> /dev/null || echo 0)
forfeits=$(jq '.forfeits | length' "$summary" 2> /dev/null || echo -1)
limit_ms=$(jq '.move_time_ms' "$summary" 2> /dev/null || echo 0)
max_a=$(jq '.a.max_move_ms' "$summary" 2> /dev/null || echo 1e9)
max_b=$(jq '.b.max_move_ms' "$summary" 2> /dev/null || echo 1e9)
pids=$(cut -f2 "$out/rss.tsv" | sort -u | wc -l)
most_alive=$(cut -f1 "$out/rss.tsv" | sort | uniq -c | awk 'BEGIN { m = 0 } $1 > m { m = $1 } END { print m }')
echo "games $played in ${elapsed}s; forfeits $forfeits; move limit ${limit_ms} ms;" \
  "max move A ${max_a} ms, B ${max_b} ms; avg A $(jq '.a.avg_move_ms' "$summary") ms," \
  "B $(jq '.b.avg_move_ms' "$summary") ms; score A $(jq '.a.score' "$summary"); engine processes sampled $pids, at most $most_alive alive at once"
check '[ "$match_status" -eq 0 ]' "the match exited with status $match_status"
check '[ "$played" -eq "$games" ]' "all $games games played ($played)"
check '! grep -qiE "panick|RUST_BACKTRACE|error" "$out/engine-stderr.log" "$out/stderr.log"' \
  "nothing on the engines' or the match's stderr (engine-stderr.log, stderr.log)"
check '[ "$most_alive" -le 4 ]' "at most 4 engines alive at once ($most_alive)"
check '[ "$forfeits" -eq 0 ]' "no forfeit"
check "awk -v a=$max_a -v b=$max_b -v l=$((limit_ms + tolerance_ms)) 'BEGIN { exit !(a <= l && b <= l) }'" \
  "no move over the limit plus the tolerance ($((limit_ms + tolerance_ms)) ms)"
# Memory: the engines' peak RSS over the second quarter of the run against the last quarter.
flat=$(awk -v end="$elapsed" -v pct="$flat_percent" '
  { t = $1; rss = $3
    if (t >= end / 4 && t < end / 2 && rss > mid) mid = rss
    if (t >= end * 3 / 4 && rss > last) last = rss
    if (rss > peak) peak = rss
    sum[int(4 * t / (end + 1))] += rss; n[int(4 * t / (end + 1))]++ }
  END {
    printf "engine RSS: peak %.1f MB; peak in the second quarter %.1f MB, in the last quarter %.1f MB; mean per quarter", peak / 1024, mid / 1024, last / 1024 > "/dev/stderr"
    for (q = 0; q < 4; q++) if (n[q]) printf " %.1f", sum[q] / n[q] / 1024 > "/dev/stderr"
    print " MB" > "/dev/stderr"
    print (mid > 0 && last <= mid * (1 + pct / 100)) ? 1 : 0 }' "$out/rss.tsv")
check '[ "$flat" = 1 ]' "memory flat (last quarter within ${flat_percent}% of the second quarter)"

python3 scripts/soak_session.py "$bin/pbrain-gomoku" "${SESSION_GAMES:-1000}" \
  "${SESSION_MEMORY:-20000000}" "${time%ms}" "$out/session.tsv" || fail=1
exit "$fail"
