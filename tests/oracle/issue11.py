"""Today's engine, as doc/rules.md ("DEC (no dead ends)") describes its
shortcuts, to recognise the known disagreements of issue 11.

The oracle (rami_oracle.Rules) decides "can this turn still be finished"
exactly, as issue 11 wants. librami, until issue 11 is fixed, takes three
documented shortcuts; each is a restriction of the oracle's search here:

- "opening-layoff": before opening, completion is judged by melds alone: a
  player who had not opened when the turn began finds no lay-off or
  retrieval in the search for a way to finish the turn (issue 11 §2).
- "play-first": where a play must come first (the picked card under
  PICKUP_MUST_MELD, a retrieved joker), the engine looks only for a play of
  that card itself, not for one that other plays make possible first.
- "replay-dodge": JOKER_REPLAY is checked at the discard only, so a move
  that leaves the retrieved joker no play is accepted (issue 11 §1).

and bugs that the oracle found (not documented anywhere):

- "out-unopened": a meld that empties the hand ends the round even when it
  does not complete the opening (too few points, or no pure run under
  OPEN_PURE_RUN): rami_game_check and rami_game_play accept it, and the
  legal list shows it when the points are enough but the pure run missing.
- "swap-unchecked": a joker retrieval is not refused when it leaves no
  way to finish the turn (e.g. strict rami, KEEP_PICKUP with a joker taken:
  the hand becomes JK JK), after which librami lists no move at all.

A disagreement that today's model explains (it gives librami's verdict) is
a known one; any other fails the test. When issue 11 is fixed, delete this
file and its use in differential.py: every position must then agree.
"""

import rami_oracle as O

SHORTCUTS = ("opening-layoff", "play-first", "replay-dodge", "out-unopened", "swap-unchecked")


class TodayRules(O.Rules):
    def __init__(self, rs, player, shortcuts, budget=200000):
        super().__init__(rs, player, budget)
        self.shortcuts = set(shortcuts)

    def search_plays(self, t):
        plays = self.plays(t)
        if "opening-layoff" in self.shortcuts and not t.opened_before:
            plays = [p for p in plays if p[0][0] == "meld"]
        if "play-first" in self.shortcuts:
            if self.rs.has("PICKUP_MUST_MELD") and t.picked is not None and not t.picked_done:
                plays = [p for p in plays if p[1].picked_done]
            elif t.pending > 0:
                plays = [p for p in plays if p[2] > 0]
        return plays

    def went_out_ok(self, t):
        if "out-unopened" in self.shortcuts:
            return True
        return super().went_out_ok(t)

    def play_legal(self, t, after, jokers_played):
        if "swap-unchecked" in self.shortcuts and after.hand and \
                len(after.hand) == len(t.hand) and after.hand.count(O.JOKER) > t.hand.count(O.JOKER):
            return self.replay_ok(t, after, jokers_played)  # a swap: no dead-end test
        return super().play_legal(t, after, jokers_played)

    def replay_ok(self, t, after, jokers_played):
        if "replay-dodge" in self.shortcuts:
            return True
        return super().replay_ok(t, after, jokers_played)

    def finishable(self, t):
        if t.key in self.memo_fin:
            return self.memo_fin[t.key]
        self.nodes += 1
        if self.nodes > self.budget:
            raise O.SearchTooBig()
        self.memo_fin[t.key] = False
        ok = any(not self.discard_reasons(t, c) for c in set(t.hand))
        if not ok:
            ok = any(self.play_legal(t, a, j) for _, a, j in self.search_plays(t))
        self.memo_fin[t.key] = ok
        return ok


def today_verdict(game, seat, mv, shortcuts=SHORTCUTS):
    """librami's verdict on mv as the shortcuts predict it: the set of
    refusal reasons (empty: accepted)."""
    saved = game.rules
    game.rules = TodayRules(game.rs, game.current, shortcuts, saved.budget)
    try:
        return game.judge(seat, mv)[0]
    finally:
        game.rules = saved


def explain(game, seat, mv, engine_accepts):
    """The shortcuts that explain librami's verdict on mv, or None."""
    if bool(not today_verdict(game, seat, mv)) != engine_accepts:
        return None
    alone = [s for s in SHORTCUTS if bool(not today_verdict(game, seat, mv, [s])) ==
             engine_accepts]
    return alone or ["+".join(SHORTCUTS)]
