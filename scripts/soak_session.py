#!/usr/bin/env python3
"""Soak of one long-lived engine process (called by scripts/soak.sh, not in CI).

One pbrain-gomoku process plays GAMES games (START each time) under INFO max_memory against
random moves near the stones, TURN_MS per move. After every game its VmRSS and VmHWM are read
from /proc. Checks: every reply is a legal move on an empty point, no reply later than the turn
time plus TOLERANCE_MS, the peak resident memory under the limit, and memory flat (the peak RSS
over the last quarter of the games at most FLAT_PERCENT above the peak over the second quarter).

Usage: soak_session.py ENGINE GAMES MAX_MEMORY_BYTES TURN_MS OUT_TSV
"""
import random
import subprocess
import sys
import time

TOLERANCE_MS = 1000
FLAT_PERCENT = 10
SIZE = 15


def memory(pid):
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(value.split()[0])
    return values["VmRSS"], values["VmHWM"]


def five(board, x, y):
    me = board[(x, y)]
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            cx, cy = x + sign * dx, y + sign * dy
            while board.get((cx, cy)) == me:
                run += 1
                cx, cy = cx + sign * dx, cy + sign * dy
        if run >= 5:
            return True
    return False


def main():
    engine, games, max_memory, turn_ms, out_tsv = sys.argv[1:6]
    games, max_memory, turn_ms = int(games), int(max_memory), int(turn_ms)
    rng = random.Random(1)
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            bufsize=1)
    failures = []

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def reply():
        while True:
            line = proc.stdout.readline()
            if not line:
                raise SystemExit(f"FAIL the engine exited (status {proc.wait()})")
            if not line.startswith(("MESSAGE", "DEBUG")):
                return line.strip()

    send(f"INFO max_memory {max_memory}")
    send(f"INFO timeout_turn {turn_ms}")
    samples = []
    slowest = 0.0
    moves = 0
    for game in range(games):
        send(f"START {SIZE}")
        if reply() != "OK":
            failures.append(f"game {game}: START not answered OK")
        board = {}
        engine_first = game % 2 == 0
        last = None
        for ply in range(SIZE * SIZE):
            engine_turn = (ply % 2 == 0) == engine_first
            if engine_turn:
                sent = time.monotonic()
                send("BEGIN" if last is None else f"TURN {last[0]},{last[1]}")
                answer = reply()
                took = (time.monotonic() - sent) * 1000
                slowest = max(slowest, took)
                moves += 1
                try:
                    x, y = (int(v) for v in answer.split(","))
                except ValueError:
                    failures.append(f"game {game}: not a move: {answer!r}")
                    break
                if not (0 <= x < SIZE and 0 <= y < SIZE) or (x, y) in board:
                    failures.append(f"game {game}: illegal move {answer}")
                    break
                if took > turn_ms + TOLERANCE_MS:
                    failures.append(f"game {game}: move took {took:.0f} ms")
                board[(x, y)] = "engine"
                if five(board, x, y):
                    break
            else:
                near = [(x + dx, y + dy) for (x, y) in board for dx in (-1, 0, 1)
                        for dy in (-1, 0, 1)]
                empty = sorted({p for p in near if 0 <= p[0] < SIZE and 0 <= p[1] < SIZE
                                and p not in board}) or [(SIZE // 2, SIZE // 2)]
                last = rng.choice(empty)
                board[last] = "random"
                if five(board, *last):
                    break
        rss, hwm = memory(proc.pid)
        samples.append((game, rss, hwm))
    send("END")
    status = proc.wait(timeout=10)
    with open(out_tsv, "w") as out:
        out.write("game\tVmRSS_kB\tVmHWM_kB\n")
        for game, rss, hwm in samples:
            out.write(f"{game}\t{rss}\t{hwm}\n")
    quarter = max(1, games // 4)
    mid = max(rss for game, rss, _ in samples[quarter:2 * quarter] or samples)
    last = max(rss for game, rss, _ in samples[-quarter:])
    peak = samples[-1][2]
    print(f"one engine, {games} games, {moves} moves under max_memory {max_memory / 2**20:.1f} MB: "
          f"peak resident {peak / 1024:.1f} MB; RSS peak in the second quarter "
          f"{mid / 1024:.1f} MB, in the last {last / 1024:.1f} MB; slowest reply {slowest:.0f} ms")
    checks = [
        (status == 0, f"the engine exited with status {status} after END"),
        (not failures, f"every reply a legal move in time ({len(failures)} failures: {failures[:3]})"),
        (peak * 1024 < max_memory, "peak resident memory under the limit"),
        (last <= mid * (1 + FLAT_PERCENT / 100), f"memory flat (within {FLAT_PERCENT}%)"),
    ]
    ok = True
    for passed, what in checks:
        print(("ok   " if passed else "FAIL ") + what)
        ok &= passed
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
