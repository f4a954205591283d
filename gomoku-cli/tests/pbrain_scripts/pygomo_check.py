#!/usr/bin/env python3
"""Drives pbrain-gomoku with the third-party client pygomo-lib (pip install pygomo-lib).

Usage: pygomo_check.py PATH_TO_pbrain-gomoku
Plays a short game through EngineClient and checks that our MESSAGE lines are parsed.
Not a CI test (needs Python and the package); run by hand, see the pbrain module docs.
"""
import sys

from pygomo import EngineClient

path = sys.argv[1]
engine = EngineClient(path)
engine.connect()
assert engine.start(15), "START failed"
engine.configure(timeout_turn=300, timeout_match=0, rule=0)
about = engine.about()
print("ABOUT:", about)
candidates = ["h8", "a1", "o15", "b2", "n14", "c3", "m13", "d4", "l12", "e5"]
taken = set()
opponent = []
infos = 0
with_info = 0
for mv in candidates:
    if mv in taken:
        continue
    opponent.append(mv)
    taken.add(mv)
    result = engine.turn(mv)
    assert result is not None, f"no answer to TURN {mv}"
    info = result.search_info
    infos += len(result.all_info)
    print(f"TURN {mv} -> {result.move} (numeric {result.move.to_numeric()}); "
          f"info: depth {info.depth if info else None}-{info.sel_depth if info else None} "
          f"ev {info.eval.raw_value if info and info.eval else None} "
          f"nodes {info.nodes if info else None} pv {[str(m) for m in result.pv]}")
    # Obvious moves (a win, the only block) are answered at once without a search report.
    if info is not None:
        with_info += 1
        assert str(result.pv[0]) == str(result.move), "PV head differs from the move"
    taken.add(str(result.move))
assert with_info >= len(opponent) // 2, "search info missing on most moves"
print(f"OK: {len(opponent)} moves, {with_info} with parsed search info, {infos} MESSAGE lines parsed")
engine.quit()
