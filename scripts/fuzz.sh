#!/usr/bin/env bash
# Runs the cargo-fuzz targets (fuzz/) one after the other, each for SECONDS (default 600), then
# minimises each corpus (cargo fuzz cmin). Needs nightly and `cargo install cargo-fuzz`.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (default: every target)
# A target's log ends with libFuzzer's final stats: stat::number_of_executed_units is the
# number of executions. Crashes land in fuzz/artifacts/TARGET/; once fixed, copy the input to
# fuzz/regressions/TARGET/ so gomoku-cli/tests/fuzz_corpora.rs replays it in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(record_json record_psq record_sgf record_rif record_move_list notation pbrain_session)
fi
mkdir -p fuzz/logs
for target in "${targets[@]}"; do
  args=(-max_total_time="$seconds" -max_len=4096 -timeout=10 -print_final_stats=1)
  if [ "$target" = pbrain_session ]; then
    # The session's reader and search threads are detached (a search that ignores its stop
    # flag cannot be joined) and may still hold thread-local buffers when an input returns:
    # LeakSanitizer reports those as leaks, so leak detection is off for this target.
    args+=(-dict="$PWD/fuzz/pbrain.dict" -detect_leaks=0)
  fi
  echo "== $target: ${seconds}s ($(date -u +%H:%M:%S))"
  status=0
  nice -n 15 cargo +nightly fuzz run "$target" -- "${args[@]}" > "fuzz/logs/$target.log" 2>&1 || status=$?
  grep -E "stat::number_of_executed_units|Done [0-9]+ runs|SUMMARY|panicked" "fuzz/logs/$target.log" || true
  if [ "$status" -ne 0 ]; then
    echo "!! $target failed (exit $status): see fuzz/logs/$target.log and fuzz/artifacts/$target/"
    continue
  fi
  # Edges only (no hit counters): a few hundred small files per target, not thousands.
  nice -n 15 cargo +nightly fuzz cmin "$target" -- -use_counters=0 > "fuzz/logs/$target.cmin.log" 2>&1 || echo "!! cmin $target failed"
done
