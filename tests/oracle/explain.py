#!/usr/bin/python3
"""Prints the oracle's verdict on the "check" moves of pinned position files,
with a legal way to finish the turn for each move it accepts:

    explain.py tests/oracle/known/*.txt
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rami_oracle as O  # noqa: E402

for path in sys.argv[1:]:
    text = open(path).read()
    record = text[text.index("rami-record "):]
    game = O.Game(record)
    print("%s: seat %d, hand %s" % (path, game.current,
                                    " ".join(O.card_text(c) for c in game.hand_of(game.current))))
    for i, (owner, m) in enumerate(game.table_now()):
        print("  table %d (seat %d): %s" % (i + 1, owner,
                                            " ".join(O.card_text(c) for c in O.meld_cards(m))))
    for line in text.splitlines():
        if line.startswith("check "):
            print("  %s: %s" % (line[6:], O.explain(game, O.parse_move(line[6:]))))
