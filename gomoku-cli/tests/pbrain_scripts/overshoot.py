#!/usr/bin/env python3
"""Measures how long pbrain-gomoku takes to answer under a turn limit (default 100 ms).

Usage: overshoot.py PATH_TO_pbrain-gomoku [--moves N] [--turn MS] [-- brain args...]
Plays games against random opponent moves (near the stones), times every TURN from the write of
the command to the read of the answer, and prints the largest time and overshoot. Not a CI test.
"""
import random
import subprocess
import sys
import time

args = sys.argv[1:]
extra = []
if "--" in args:
    i = args.index("--")
    args, extra = args[:i], args[i + 1:]
path = args[0]
moves_wanted = int(args[args.index("--moves") + 1]) if "--moves" in args else 220
turn_ms = int(args[args.index("--turn") + 1]) if "--turn" in args else 100
size = 15
rng = random.Random(7)

proc = subprocess.Popen([path] + extra, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def send(line):
    proc.stdin.write(line + "\n")
    proc.stdin.flush()


def reply():
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("brain exited")
        line = line.strip()
        if not line.startswith("MESSAGE") and not line.startswith("DEBUG"):
            return line


send(f"START {size}")
assert reply() == "OK"
send(f"INFO timeout_turn {turn_ms}")
send("INFO timeout_match 0")
send("INFO rule 0")
times = []
games = 0
while len(times) < moves_wanted:
    games += 1
    send("RESTART")
    assert reply() == "OK"
    stones = set()
    for _ in range(40):
        if stones:
            near = [(x + dx, y + dy) for (x, y) in stones for dx in (-2, -1, 0, 1, 2) for dy in (-2, -1, 0, 1, 2)]
            free = [p for p in near if 0 <= p[0] < size and 0 <= p[1] < size and p not in stones]
        else:
            free = [(7, 7)]
        if not free:
            break
        mv = rng.choice(free)
        stones.add(mv)
        start = time.perf_counter()
        send(f"TURN {mv[0]},{mv[1]}")
        answer = reply()
        elapsed = (time.perf_counter() - start) * 1000
        if answer.startswith("ERROR"):
            break
        x, y = map(int, answer.split(","))
        stones.add((x, y))
        times.append(elapsed)
send("END")
proc.wait(timeout=5)
times.sort()
print(f"{len(times)} timed moves in {games} games at {turn_ms} ms/move, brain args {extra or '(default)'}")
print(f"max {times[-1]:.1f} ms, p99 {times[int(len(times) * 0.99) - 1]:.1f} ms, "
      f"median {times[len(times) // 2]:.1f} ms, min {times[0]:.1f} ms")
print(f"largest overshoot over {turn_ms} ms: {max(0.0, times[-1] - turn_ms):.1f} ms; "
      f"moves over the limit: {sum(t > turn_ms for t in times)}")
