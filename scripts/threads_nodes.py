#!/usr/bin/env python3
"""Nodes searched in the same time by 1, 2, ... threads: the speed-up of the parallel search.

Not run in CI. Each freestyle middle-game position below is searched by a fresh `pbrain-gomoku`
process for TURN_MS (INFO timeout_turn) with INFO thread_num N, for every thread count in turn,
REPS times over; the node count and time of the last MESSAGE line of each search (the last
completed iteration) are summed per thread count, and the nodes per millisecond compared; the brain's CPU time shows how much of the machine it got. Positions the brain answers without a search (a forced win found first) count
nothing. On a shared machine, look at the load (`uptime`) before trusting the figures.

Usage: scripts/threads_nodes.py [PBRAIN] [THREADS] [TURN_MS] [REPS]
       (defaults: target/release/pbrain-gomoku 1,2 2000 2)
"""
import os
import re
import subprocess
import sys

BRAIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/pbrain-gomoku"
THREADS = [int(t) for t in (sys.argv[2] if len(sys.argv) > 2 else "1,2").split(",")]
TURN_MS = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
REPS = int(sys.argv[4]) if len(sys.argv) > 4 else 2

# Moves from the empty 15x15 board in board notation (column letter, row from the bottom).
POSITIONS = [
    "h8 i9 i8 g8 j7 k6 h9 h7 g10 f11 j9",
    "h8 i7 j8 i9 i8 g8 k8 l8 j9 j10 k10 h7",
    "h8 i9 h9 h10 i8 g8 j8 g7 g9",
    "h8 i8 h9 h10 g9 f10 g8",
    "h8 h9 i8 g8 j9 k10 i10",
]
REPORT = re.compile(r"^MESSAGE depth (\d+)-\d+ .* n (\d+) n/ms \d+ tm (\d+)")


def board_lines(moves):
    """BOARD lines for the side to move: field 1 its own stones, 2 the opponent's."""
    moves = moves.split()
    lines = []
    for i, m in enumerate(moves):
        x, row = ord(m[0]) - ord("a"), int(m[1:])
        own = (len(moves) - i) % 2 == 0
        lines.append(f"{x},{15 - row},{1 if own else 2}")
    return lines


def cpu_ms(pid):
    """CPU time (user + system) of process `pid` so far, in ms; 0 where /proc is missing."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return (int(fields[11]) + int(fields[12])) * 1000 // os.sysconf("SC_CLK_TCK")


def search(threads, moves):
    """(depth, nodes, ms, cpu ms) of the last report of one search, and the brain's CPU time."""
    brain = subprocess.Popen([BRAIN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    script = ["START 15", "INFO rule 0", f"INFO timeout_turn {TURN_MS}",
              "INFO timeout_match 100000000", f"INFO thread_num {threads}", "BOARD"]
    brain.stdin.write("\n".join(script + board_lines(moves) + ["DONE"]) + "\n")
    brain.stdin.flush()
    last = (0, 0, 0)
    cpu = 0
    for line in brain.stdout:
        line = line.strip()
        found = REPORT.match(line)
        if found:
            last = tuple(int(g) for g in found.groups())
        elif line != "OK" and not line.startswith("MESSAGE"):
            cpu = cpu_ms(brain.pid)
            break
    brain.stdin.write("END\n")
    brain.stdin.flush()
    brain.wait()
    return last + (cpu,)


def main():
    totals = {t: [0, 0, 0, 0] for t in THREADS}
    for _ in range(REPS):
        for moves in POSITIONS:
            for t in THREADS:
                depth, nodes, ms, cpu = search(t, moves)
                for i, v in enumerate((nodes, ms, depth, cpu)):
                    totals[t][i] += v
                print(f"{t} threads: depth {depth:2} nodes {nodes:9} ms {ms:5} cpu {cpu:5} ms  "
                      f"{moves}", flush=True)
    rate = {t: totals[t][0] / max(totals[t][1], 1) for t in THREADS}
    for t in THREADS:
        nodes, ms, depth, cpu = totals[t]
        print(f"{t} threads: {nodes} nodes in {ms} ms ({rate[t]:.0f} n/ms, "
              f"x{rate[t] / max(rate[THREADS[0]], 1e-9):.2f}), depths summed {depth}, "
              f"CPU {cpu} ms for {TURN_MS * len(POSITIONS) * REPS} ms of turns")


if __name__ == "__main__":
    main()
