#!/usr/bin/python3
"""Differential test of librami against the reference rules in rami_oracle.py.

Runs tests/oracle/oracle-driver (public API only), which plays random games
and writes every position; replays them with the oracle's own state and
compares, position by position: the state (hands, table, piles, opened
seats, turn), the set of legal moves in canonical form, accept/refuse (and
the status) of random candidate moves, undo, round results and match
totals. Then checks the pinned positions of tests/oracle/known/.

    differential.py --driver BUILD/tests/oracle/oracle-driver [--games N]
                    [--seed S] [--seconds T] [--known DIR]

--seconds (or RAMI_ORACLE_SECONDS) plays batches of games until the time is
spent. Exit status 1 on any disagreement that is not a known one.
"""

import argparse
import os
import subprocess
import sys
import time
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rami_oracle as O  # noqa: E402

# The public status codes (rami.h), by the names the oracle uses.
STATUS = {0: "OK", -1: "ARG", -2: "NOMEM", -3: "BUFFER", -4: "PARSE", -5: "RULESET",
          -6: "TURN", -7: "PHASE", -8: "NOT_IN_HAND", -9: "MELD", -10: "OPENING",
          -11: "NOT_OPENED", -12: "LAYOFF", -13: "CLOSED", -14: "SWAP", -15: "PICKED",
          -16: "JOKER_REPLAY", -17: "MUST_DISCARD", -18: "PICKUP", -19: "UNDO",
          -20: "CORRUPT", -21: "INTERNAL", -22: "LIMIT", -23: "OPENING_TURN",
          -24: "PICKUP_MELD", -25: "JOKER_DISCARD"}

# The house rules of issue 11 (doc/rules.md §2.3, §6.2, §8.4, scoring):
# positions are counted per rule in force.
JOKER_RULES = O.OPT["NO_JOKER_DISCARD"] | O.OPT["NO_JOKER_OUT"]
HOUSE_RULES = ["NO_JOKER_DISCARD", "NO_JOKER_OUT", "ONE_GO_DOUBLE", "ELIMINATION",
               "LOW_HAND_ZERO", "SET_SWAP_ANY"]


class Disagreement:
    def __init__(self, kind, detail, move=None, seat=None, engine_accepts=None):
        self.kind = kind      # short category: "legal-missing", "status", ...
        self.detail = detail  # one line for people
        self.move = move      # the move text it is about, if any
        self.seat = seat      # who makes the move
        self.engine_accepts = engine_accepts  # librami's verdict


class Checker:
    def __init__(self, out, budget):
        self.out = out
        self.budget = budget
        self.positions = Counter()     # label -> positions compared
        self.undecided = Counter()     # label -> positions the search gave up on
        self.moves_compared = 0
        self.verdicts = 0
        self.rounds = 0
        self.disagreements = []        # (label, Disagreement, pinned text)
        self.games = 0
        self.seen = Counter()          # features of the positions compared
        self.by_rule = Counter()       # house rule -> positions compared under it
        self.dead_ends = Counter()     # librami's status at dead ends, and the oracle's names

    # -- reading the driver's stream -------------------------------------

    def run(self, lines):
        it = iter(lines)
        for line in it:
            line = line.rstrip("\n")
            if line.startswith("C "):
                self.preset_line = [int(x) for x in line.split()[1:]]
            elif line.startswith("G "):
                self.game_stream(line[2:], it)

    def game_stream(self, label, it):
        self.games += 1
        rec = []
        for line in it:
            line = line.rstrip("\n")
            rec.append(line)
            if line == "end":
                break
        totals_at = next(i for i, x in enumerate(rec) if x.startswith("totals "))
        self.header = rec[:totals_at]
        moves_at = totals_at + 2  # after "totals" and "round"
        self.versioned = rec[0] != "rami-record 1"  # version 2: a "dealer" line
        if self.versioned:
            moves_at += 1
        self.round_moves = rec[moves_at:-1]
        self.label = label
        self.game = O.Game("\n".join(rec) + "\n", self.budget)
        self.check_preset(label)
        self.broken = False
        self.disputed = set()        # moves disputed at the last position
        self.turn_disputed = False   # librami played a move the oracle refuses
        block = []
        for line in it:
            line = line.rstrip("\n")
            if line == "X":
                return
            if self.broken:
                continue
            if line == "E":
                self.position(block)
                block = []
            elif line[0] in "SHTLV":
                block.append(line)
            else:
                self.event(line)

    def record(self):
        g = self.game
        lines = self.header + ["totals " + " ".join(str(t) for t in self.round_totals()),
                               "round %d" % g.round]
        if self.versioned:
            lines.append("dealer %d" % g.dealer)
        lines += self.round_moves + ["end"]
        return "\n".join(lines) + "\n"

    def round_totals(self):
        g = self.game
        if g.result is not None:  # the totals before this round's points
            return [a - b for a, b in zip(g.totals, g.result[3])]
        return g.totals

    def check_preset(self, label):
        """The ruleset of an unchanged preset is the table of rules §9."""
        parts = label.split("/")
        if parts[1] != "preset":
            return
        which, players = self.preset_line
        want = O.preset(which, players)
        if want.fields() != self.game.rs.fields():
            self.disagree(Disagreement("preset", "preset %s for %d players: librami %s, "
                                       "rules §9 %s" % (parts[0], players, self.game.rs.line(),
                                                        want.line())))

    # -- events -----------------------------------------------------------

    def event(self, line):
        g = self.game
        w = line.split(" ")
        if w[0] == "P":
            text = " ".join(w[2:])
            mv = O.parse_move(text)
            try:
                g.play(int(w[1]), mv)
            except O.SearchTooBig:
                g.play_unchecked(int(w[1]), mv)
            except O.OracleError as e:
                # librami listed it: reported at the position already, unless
                # that position was not compared. Follow librami and go on.
                if text not in self.disputed:
                    self.disagree(Disagreement("played", "librami played %s: %s" % (text, e),
                                               text))
                g.play_unchecked(int(w[1]), mv)
                self.turn_disputed = True
            self.round_moves.append(text)
            if g.phase != O.PLAY:
                self.turn_disputed = False
        elif w[0] == "U":
            seat, status = int(w[1]), STATUS.get(int(w[2]), w[2])
            mine = g.undo(seat) or "OK"
            if mine != status:
                self.disagree(Disagreement("undo", "undo by seat %d: librami %s, oracle %s"
                                           % (seat, status, mine)))
                self.broken = True
            elif mine == "OK":
                self.round_moves.pop()
        elif w[0] == "R":
            self.rounds += 1
            self.seen["round end %s" % {"1": "went out", "2": "stock out",
                                        "3": "turn limit"}.get(w[1], w[1])] += 1
            n = g.rs.players
            got = [int(x) for x in w[1:]]
            if g.result is None:
                self.disagree(Disagreement("result", "librami ended the round, oracle did not"))
                self.broken = True
                return
            reason, winners, values, points = g.result
            self.house_scoring(g)
            want = [reason, winners] + values + points + g.totals
            if got != want:
                self.disagree(Disagreement(
                    "result", "round result: librami %s, oracle %s (reason winners values "
                    "points totals)" % (got, want)))
        elif w[0] == "D" and not self.turn_disputed:
            self.disagree(Disagreement("dead-end", "librami lists no move while the round is "
                                       "on (seat %d)" % g.current))
        elif w[0] == "N":
            self.round_moves = []
            g.next_round()
        elif w[0] == "W":
            self.seen["match over"] += 1
            if int(w[1]) != g.match_winners:
                self.disagree(Disagreement("result", "match winners: librami %s, oracle %s"
                                           % (w[1], g.match_winners)))

    def house_scoring(self, g):
        """Counts the rounds where a house rule of scoring applied."""
        rs, end = g.rs, g.last_end
        out = end.reason == O.WENT_OUT
        if out and rs.unopened_penalty and any(
                p != end.winner and end.playing[p] and not end.opened[p]
                for p in range(rs.players)):
            self.seen["round: unopened penalty"] += 1
        if out and rs.has("ONE_GO_DOUBLE") and end.one_go:
            self.seen["round: one-go double"] += 1
        if not out and rs.has("LOW_HAND_ZERO"):
            self.seen["round: lowest hand 0"] += 1
        if not all(end.playing):
            self.seen["round with a seat out"] += 1

    # -- one position -------------------------------------------------------

    def position(self, block):
        g = self.game
        self.disputed = set()
        state = [x for x in block if x[0] in "SHT"]
        mine = self.my_state()
        if state != mine:
            diff = [("librami: " + a, "oracle:  " + b) for a, b in
                    zip(state + [""] * len(mine), mine + [""] * len(state)) if a != b]
            self.disagree(Disagreement("state", "positions differ: " +
                                       "; ".join("%s / %s" % d for d in diff[:4])))
            self.broken = True
            return
        try:
            legal = {O.move_text(m) for m in g.legal_moves()}
        except O.SearchTooBig:
            self.undecided[self.label_key()] += 1
            return
        listed = [x[2:] for x in block if x.startswith("L ")]
        if len(set(listed)) != len(listed):
            dup = [m for m, k in Counter(listed).items() if k > 1]
            self.disagree(Disagreement("legal-duplicate", "listed twice: %s" % dup[0], dup[0]))
        for m in sorted(set(listed) - legal):
            why, _ = self.judge(g.current, m)
            self.disagree(Disagreement("legal-extra", "librami lists %s; oracle refuses it (%s)"
                                       % (m, " ".join(sorted(why or {"non-canonical"}))), m,
                                       g.current, True))
        for m in sorted(legal - set(listed)):
            self.disagree(Disagreement("legal-missing", "oracle allows %s; librami does not "
                                       "list it" % m, m, g.current, False))
        self.moves_compared += len(listed)
        for line in block:
            if line.startswith("V "):
                self.verdict(line)
        self.positions[self.label_key()] += 1
        for rule in HOUSE_RULES:
            if g.rs.has(rule):
                self.by_rule[rule] += 1
        if g.rs.unopened_penalty:
            self.by_rule["unopened_penalty"] += 1
        self.features(listed)

    def features(self, listed):
        """Counts what the compared positions exercised (printed at the end)."""
        g, seen = self.game, self.seen
        rs, t = g.rs, g.t
        seen["players=%d" % rs.players] += 1
        if not all(g.playing):
            seen["a seat eliminated"] += 1
        seen["jokers_per_meld=%d" % rs.jokers_per_meld] += 1
        if g.restocks:
            seen["after a restock" + (" (exact deal)" if self.label.endswith("/deal") and
                                      g.round == 1 else "")] += 1
        if t is None:
            return
        if t.pending:
            seen["retrieved joker unplayed"] += 1
        if JOKER_RULES & rs.options and O.JOKER in t.hand:
            seen["joker in hand under NO_JOKER_DISCARD/OUT"] += 1
            if len(t.hand) <= 2:
                seen["joker in a hand of 1-2 under NO_JOKER_DISCARD/OUT"] += 1
        if t.picked is not None and rs.has("PICKUP_MUST_MELD") and not t.picked_done:
            seen["picked card still to play"] += 1
        if t.picked is not None and rs.has("KEEP_PICKUP"):
            seen["picked card kept"] += 1
        if t.melded and not t.opened:
            seen["opening in progress"] += 1
        if t.opened and not t.opened_before:
            seen["opened this turn"] += 1
        for m in listed:
            w = m.split(" ")
            seen["listed " + w[0] + (" " + w[-1] if w[-1] in ("low", "high") else "")] += 1

    def judge(self, seat, text):
        try:
            return self.game.judge(seat, O.parse_move(text))
        except O.SearchTooBig:
            return None, None

    def verdict(self, line):
        head, _, why = line.partition(" | ")
        w = head.split(" ")
        seat, status, text = int(w[1]), STATUS.get(int(w[2]), w[2]), " ".join(w[3:])
        if text == "?":
            return
        try:
            mv = O.parse_move(text)
        except O.OracleError:
            return  # a move of no rule (e.g. a card code the notation cannot hold)
        try:
            reasons, _ = self.game.judge(seat, mv)
        except O.SearchTooBig:
            return
        self.verdicts += 1
        if status == "JOKER_DISCARD":
            self.seen["refused: JOKER_DISCARD"] += 1
        dead = self.game.last_dead_end
        if status != "OK" and dead is not None:
            force, named = dead
            self.dead_ends["%s refused with %s; in force %s; named %s" % (
                mv[0], status, ",".join(sorted(force)), named)] += 1
        if status == "OK" and reasons:
            self.disagree(Disagreement("accepted", "librami accepts %s (seat %d); oracle "
                                       "refuses: %s" % (text, seat, " ".join(sorted(reasons))),
                                       text, seat, True))
        elif status != "OK" and not reasons:
            self.disagree(Disagreement("refused", "librami refuses %s (seat %d) with %s "
                                       "(\"%s\"); oracle accepts it" % (text, seat, status, why),
                                       text, seat, False))
        elif status != "OK" and status not in reasons:
            self.disagree(Disagreement("status", "librami refuses %s (seat %d) with %s "
                                       "(\"%s\"); oracle's reasons: %s"
                                       % (text, seat, status, why, " ".join(sorted(reasons))),
                                       text))

    def my_state(self):
        g = self.game
        n = g.rs.players
        opened = sum(1 << p for p in range(n) if g.opened[p])
        playing = sum(1 << p for p, x in enumerate(O.still_in(g.rs, g.totals)) if x)
        top = O.card_text(g.discard[-1]) if g.discard else "-"
        picked = g.picked()
        turn = g.turn
        out = ["S %d %d %d %d %d %d %d %d %s %s" % (
            g.phase, g.current, turn, g.round, g.dealer, len(g.stock), len(g.discard), opened,
            top, O.card_text(picked) if picked is not None else "-") + " %d" % playing]
        for p in range(n):
            out.append(" ".join(["H %d" % p] + [O.card_text(c) for c in sorted(g.hand_of(p))]))
        for i, (owner, m) in enumerate(g.table_now()):
            out.append(" ".join(["T %d %d %d" % (i, owner, O.meld_points(m))] +
                                [O.card_text(c) for c in O.meld_cards(m)]))
        return out

    def label_key(self):
        return self.label.split("/")[0]

    # -- reporting ----------------------------------------------------------

    def disagree(self, d):
        if d.move is not None:
            self.disputed.add(d.move)
        pinned = "# %s: %s\n" % (d.kind, d.detail)
        if d.move is not None:
            pinned += "check %s\n" % d.move
        pinned += self.record()
        self.disagreements.append((self.label, d, pinned))


def run_driver(driver, games, seed, checker):
    proc = subprocess.Popen([driver, "--games", str(games), "--seed", str(seed)],
                            stdout=subprocess.PIPE, text=True, bufsize=1 << 16)
    checker.run(proc.stdout)
    if proc.wait() != 0:
        sys.exit("differential: %s failed with status %d" % (driver, proc.returncode))


def check_known(driver, directory):
    """Each pinned position: `expect: disagree` (a known librami bug, issue
    11) must still disagree, `expect: agree` must agree. Returns failures."""
    failures = 0
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".txt"):
            continue
        path = os.path.join(directory, name)
        expect = [x.split(":", 1)[1].strip() for x in open(path).read().splitlines()
                  if x.startswith("expect:")]
        out = subprocess.run([driver, "--position", path], stdout=subprocess.PIPE, text=True,
                             check=True).stdout
        checker = Checker(sys.stdout, 10 ** 6)
        checker.run(out.splitlines())
        found = checker.disagreements
        if expect == ["disagree"] and found:
            print("known disagreement: %s (%s)" % (name, found[0][1].detail))
        elif expect == ["agree"] and not found:
            print("agrees: %s" % name)
        elif expect == ["disagree"]:
            failures += 1
            print("FAIL %s: librami and the oracle now agree; if issue 11 fixed it, set "
                  "\"expect: agree\" in the file" % name)
        else:
            failures += 1
            print("FAIL %s: %s" % (name, "; ".join(d.detail for _, d, _ in found) or
                                   "no \"expect: agree|disagree\" line"))
    return failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--driver", required=True)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float,
                    default=float(os.environ.get("RAMI_ORACLE_SECONDS", "0")))
    ap.add_argument("--budget", type=int, default=100000)
    ap.add_argument("--known", default=None)
    ap.add_argument("--dead-ends", action="store_true",
                    help="print librami's status at dead ends beside the obligations in force")
    ap.add_argument("--show", type=int, default=3, help="pinned texts to print per kind")
    args = ap.parse_args()

    start = time.time()
    checker = Checker(sys.stdout, args.budget)
    seed = args.seed
    run_driver(args.driver, args.games, seed, checker)
    while args.seconds and time.time() - start < args.seconds:
        seed += 1
        run_driver(args.driver, max(1, args.games // 4), seed, checker)

    elapsed = time.time() - start
    print("oracle: %d games, %d rounds, %d positions, %d listed moves, %d verdicts in %.1f s"
          % (checker.games, checker.rounds, sum(checker.positions.values()),
             checker.moves_compared, checker.verdicts, elapsed))
    for label in sorted(checker.positions):
        print("  %-9s %7d positions  (%d undecided)" % (label, checker.positions[label],
                                                        checker.undecided[label]))
    print("house rules: " + ", ".join("%s %d" % (r, checker.by_rule[r])
                                      for r in HOUSE_RULES + ["unopened_penalty"]))
    print("coverage: " + ", ".join("%s %d" % kv for kv in sorted(checker.seen.items())))
    if args.dead_ends:
        for k, v in sorted(checker.dead_ends.items()):
            print("dead end: %s: %d" % (k, v))
    by_kind = defaultdict(list)
    for label, d, pinned in checker.disagreements:
        by_kind[d.kind].append((label, d, pinned))
    for kind, items in sorted(by_kind.items()):
        print("\n%d disagreement(s) of kind %s" % (len(items), kind))
        for label, d, pinned in items[:args.show]:
            print("--- %s\n%s" % (label, pinned))
    failures = check_known(args.driver, args.known) if args.known else 0
    return 1 if by_kind or failures else 0


if __name__ == "__main__":
    sys.exit(main())
