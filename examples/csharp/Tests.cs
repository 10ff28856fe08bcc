// Tests.cs - the C# binding against the library: whole matches of every
// preset, refusals that change nothing, records, notation, threads, bots,
// disposal. A test program (no test framework: Debian's Mono has none
// built in); exits 1 if any check fails. Run by meson's csharp suite.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Rami;

static class Tests
{
    static int failures;

    static void Check(bool cond, string what)
    {
        if (!cond)
            throw new Exception("check failed: " + what);
    }

    static RamiException Throws(Action f)
    {
        try
        {
            f();
        }
        catch (RamiException e)
        {
            return e;
        }
        throw new Exception("expected a RamiException");
    }

    /// <summary>xorshift64: the same moves on every run.</summary>
    sealed class Rng
    {
        ulong s;
        public Rng(ulong seed) { s = seed; }
        public int Below(int n)
        {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            return (int)(s % (ulong)n);
        }
    }

    static int PlayRound(Game g, Rng rng)
    {
        int played = 0;
        while (g.InPlay)
        {
            var moves = g.LegalMoves();
            Check(moves.Count > 0, "a legal move in " + g);
            var m = moves[rng.Below(moves.Count)];
            int seat = g.CurrentPlayer;
            g.Check(seat, m);
            g.Play(seat, m);
            played++;
        }
        return played;
    }

    static readonly Preset[] Presets =
        { Preset.Rami51, Preset.Rami40, Preset.Rami51House, Preset.Rami40House, Preset.Finnish };

    static void PresetsFillTheLayout()
    {
        var r51 = Ruleset.FromPreset(Preset.Rami51, 4);
        Check(r51.Players == 4 && r51.OpeningPoints == 51 && r51.HandSize == 13, "Rami 51 fields");
        Check(Ruleset.FromPreset(Preset.Rami40, 2).OpeningPoints == 40, "Rami 40");
        Check((Ruleset.FromPreset(Preset.Finnish, 3).Options & RuleOptions.SetSwapAny) != 0, "Finnish");
        Check((r51.Options & RuleOptions.SetSwapAny) == 0, "51 has no SET_SWAP_ANY");
        using (var g = new Game(r51, 1))
        {
            Check(g.Rules.Equals(r51) && g.Players == 4, "the game's rules");
            for (int s = 0; s < 4; s++)
                Check(g.Hand(s).Length == 13, "dealt hand_size cards");
        }
        Check(Throws(() => Ruleset.FromPreset(Preset.Rami51, 7)).Name == "RAMI_E_ARG", "7 players");
        Check(Throws(() => Ruleset.FromPreset(Preset.Rami51, -1)).Name == "RAMI_E_ARG", "-1 players");
    }

    static void RandomMatchesOfEveryPreset()
    {
        var rng = new Rng(0x9E3779B97F4A7C15);
        for (int i = 0; i < Presets.Length; i++)
        {
            for (int players = 2; players <= 4; players++)
            {
                var rules = Ruleset.FromPreset(Presets[i], players);
                rules.MatchRounds = 2;
                rules.MatchTarget = 0;
                using (var g = new Game(rules, (ulong)(100 + 10 * i + players)))
                {
                    for (int round = 1; round <= 2; round++)
                    {
                        Check(g.Round == round, "round number");
                        Check(PlayRound(g, rng) > 0, "moves played");
                        var r = g.RoundResult();
                        Check(r.Points.Length == players, "points per seat");
                        if (r.Reason == EndReason.WentOut)
                            Check(r.Winners.Length == 1 && g.Hand(r.Winners[0]).Length == 0, "went out");
                        Check(g.LegalMoves().Count == 0, "no move after the round");
                        if (round == 1)
                            g.NextRound();
                    }
                    Check(g.Phase == Phase.MatchOver, "match over");
                    var scores = g.Scores();
                    foreach (int w in g.MatchWinners())
                        Check(scores[w] == scores.Min(), "winners have the lowest total");
                    Check(Throws(() => g.NextRound()).Name == "RAMI_E_PHASE", "no round after the match");
                }
            }
        }
    }

    static void RefusedMovesChangeNothing()
    {
        using (var g = new Game(Ruleset.FromPreset(Preset.Rami51, 2), 7))
        {
            int seat = g.CurrentPlayer, other = 1 - seat;
            string before = g.Save();
            var card = g.Hand(seat)[0];
            Check(Throws(() => g.Play(seat, Move.Discard(card))).Name == "RAMI_E_PHASE", "discard first");
            Check(Throws(() => g.Play(other, Move.Draw())).Name == "RAMI_E_TURN", "out of turn");
            Check(Throws(() => g.Play(9, Move.Draw())).Name == "RAMI_E_ARG", "no such seat");
            Check(Throws(() => g.Play(-1, Move.Draw())).Name == "RAMI_E_ARG", "seat -1");
            Check(g.Save() == before, "refusals changed nothing");
            g.Play(seat, Move.Draw());
            before = g.Save();
            var hand = g.Hand(seat);
            Card absent = Enumerable.Range(1, 13).SelectMany(r => Enumerable.Range(0, 4), (r, s) => Card.Of(r, s))
                                    .First(c => !hand.Contains(c));
            var e = Throws(() => g.Play(seat, Move.Discard(absent)));
            Check(e.Name == "RAMI_E_NOT_IN_HAND" && e.Reason.Contains(absent.ToString()), e.Message);
            Check(e.Message.StartsWith("RAMI_E_NOT_IN_HAND: "), e.Message);
            var meld = Move.Parse($"meld {hand[0]} {hand[1]} {hand[2]}");
            RamiException checkError = null;
            try { g.Check(seat, meld); } catch (RamiException x) { checkError = x; }
            if (checkError != null)
            {
                var refused = Throws(() => g.Play(seat, meld));
                Check(refused.Code == checkError.Code && refused.Reason == checkError.Reason &&
                      refused.Reason.Length > 0, "the refusal names the rule: " + refused.Message);
            }
            Check(g.Save() == before, "refusals changed nothing");
            Check(Throws(() => g.Undo(seat)).Name == "RAMI_E_UNDO", "nothing to undo");
        }
    }

    static void RecordsLoadAndDamagedOnesAreRefused()
    {
        using (var g = new Game(Ruleset.FromPreset(Preset.Finnish, 3), 11))
        {
            var rng = new Rng(5);
            for (int i = 0; i < 40 && g.InPlay; i++)
            {
                var moves = g.LegalMoves();
                g.Play(g.CurrentPlayer, moves[rng.Below(moves.Count)]);
            }
            string record = g.Save();
            using (var loaded = Game.Load(record))
            {
                Check(loaded.Save() == record, "save, load, save");
                Check(loaded.LegalMoves().SequenceEqual(g.LegalMoves()), "the same moves");
                Check(loaded.ViewJson(-1) == g.ViewJson(-1), "the same view");
            }
            foreach (string bad in new[] { record.Substring(0, record.Length / 2), "", "rami", "\u0001garbage", null })
            {
                var e = Throws(() => Game.Load(bad).Dispose());
                Check(e.Name == "RAMI_E_PARSE" || e.Name == "RAMI_E_CORRUPT", e.Message);
            }
        }
    }

    static void CardsAndMovesInNotation()
    {
        var seven = Card.Parse("7S");
        Check(seven.Rank == 7 && seven.Suit == 3 && !seven.IsJoker && seven.ToString() == "7S", "7S");
        Check(Card.Parse(" 10h ").ToString() == "10H", "10H");
        Check(Card.Parse("*") == Card.Joker && Card.Joker.Rank == 0 && Card.Joker.Suit == -1, "joker");
        foreach (string bad in new[] { "", "11S", "7X", "7S 8S", "7S\0" })
            Check(Throws(() => Card.Parse(bad)).Name == "RAMI_E_PARSE", "card " + bad);
        Check(Throws(() => Card.Parse(null)).Name == "RAMI_E_PARSE", "null card");
        try { Card.Of(14, 0); Check(false, "rank 14"); } catch (ArgumentOutOfRangeException) { }

        var m = Move.Parse("MELD jk 7s 8s high");
        Check(m.Kind == MoveKind.Meld && m.ToString() == "meld JK 7S 8S high", m.ToString());
        Check(m.Cards.SequenceEqual(new[] { Card.Joker, Card.Parse("7S"), Card.Parse("8S") }), "meld cards");
        var lay = Move.Parse("lay 9S on 2");
        Check(lay.Kind == MoveKind.LayOff && lay.Target == 1, "lay-off target");
        Check(Move.Draw().ToString() == "draw" && Move.Discard(seven).ToString() == "discard 7S", "builders");
        Check(Move.Parse("discard 7s").Equals(Move.Discard(seven)), "equality");
        foreach (string bad in new[] { "", "fly", "meld", "lay 9S", "discard 7S 8S", "draw\0" })
            Check(Throws(() => Move.Parse(bad)).Name == "RAMI_E_PARSE", "move " + bad);
    }

    static void BadRulesetsAreRefusedWithAReason()
    {
        var rules = Ruleset.FromPreset(Preset.Rami51, 2);
        rules.HandSize = 0;
        var e = Throws(() => new Game(rules, 1).Dispose());
        Check(e.Name == "RAMI_E_RULESET" && e.Reason.Length > 0, e.Message);
        rules = Ruleset.FromPreset(Preset.Rami51, 2);
        rules.Decks = 0;
        rules.Jokers = 0;
        Check(Throws(() => rules.Check()).Name == "RAMI_E_RULESET", "an empty pack");
        rules = Ruleset.FromPreset(Preset.Rami51, 2);
        rules.Options = (RuleOptions)uint.MaxValue;
        Throws(() => new Game(rules, 1).Dispose());
    }

    static void ClonesAreIndependent()
    {
        using (var g = new Game(Ruleset.FromPreset(Preset.Rami40, 3), 3))
        using (var copy = g.Clone())
        {
            int seat = copy.CurrentPlayer;
            copy.Play(seat, Move.Draw());
            Check(g.Phase == Phase.Draw && copy.Phase == Phase.Play, "phases");
            Check(copy.Hand(seat).Length == g.Hand(seat).Length + 1, "the drawn card");
        }
    }

    static void ThreadsReadOneGameAndOwnOthers()
    {
        using (var shared = new Game(Ruleset.FromPreset(Preset.Rami51, 4), 21))
        {
            var expected = shared.LegalMoves();
            var errors = new List<Exception>();
            var threads = Enumerable.Range(0, 4).Select(t => new Thread(() =>
            {
                try
                {
                    for (int i = 0; i < 50; i++)
                    {
                        Check(shared.LegalMoves().SequenceEqual(expected), "the same moves");
                        shared.ViewJson(0);
                    }
                    using (var own = new Game(Ruleset.FromPreset(Preset.Finnish, 2), (ulong)t))
                        PlayRound(own, new Rng((ulong)t + 1));
                }
                catch (Exception e)
                {
                    lock (errors)
                        errors.Add(e);
                }
            })).ToList();
            threads.ForEach(th => th.Start());
            threads.ForEach(th => th.Join());
            Check(errors.Count == 0, string.Join("; ", errors.Select(e => e.Message)));
        }
    }

    static void BotsAndHintsChooseLegalMoves()
    {
        using (var g = new Game(Ruleset.FromPreset(Preset.Rami51, 2), 5))
        {
            for (ulong step = 0; step < 30 && g.InPlay; step++)
            {
                int seat = g.CurrentPlayer;
                var level = seat == 0 ? BotLevel.Greedy : BotLevel.Random;
                var m = g.BotMove(level, step);
                Check(g.BotMove(level, step).Equals(m), "the same seed, the same move");
                var hint = g.Hint(out string why);
                g.Check(seat, hint);
                Check(why.StartsWith(hint.ToString()), why);
                g.Play(seat, m);
            }
        }
    }

    static void ViewsAndSeats()
    {
        using (var g = new Game(Ruleset.FromPreset(Preset.Rami51, 2), 9))
        {
            string all = g.ViewJson(-1), seat0 = g.ViewJson(0);
            Check(seat0.StartsWith("{") && seat0.TrimEnd().EndsWith("}"), seat0);
            Check(seat0.Length < all.Length, "seat 1's cards are a count for seat 0");
            string pub = g.ViewJson(-2);
            Check(pub.Contains("\"viewer\":-2") && !pub.Contains("\"hand\"") && pub.Length < seat0.Length,
                  "a spectator's view has no hand");
            Check(Throws(() => g.ViewJson(2)).Name == "RAMI_E_ARG", "view of seat 2");
            Check(Throws(() => g.Hand(2)).Name == "RAMI_E_ARG", "hand of seat 2");
            Check(Throws(() => g.HasOpened(-5)).Name == "RAMI_E_ARG", "seat -5");
            Check(g.DiscardTop != null && g.StockCount > 0 && g.Melds.Length == 0, "piles");
        }
    }

    static void DisposedGamesThrow()
    {
        var g = new Game(Ruleset.FromPreset(Preset.Rami51, 2), 1);
        g.Dispose();
        g.Dispose(); // twice is harmless
        try
        {
            g.LegalMoves();
            Check(false, "a disposed game was used");
        }
        catch (ObjectDisposedException)
        {
        }
    }

    static int Main()
    {
        var tests = new Tuple<string, Action>[]
        {
            Tuple.Create<string, Action>("presets_fill_the_layout", PresetsFillTheLayout),
            Tuple.Create<string, Action>("random_matches_of_every_preset", RandomMatchesOfEveryPreset),
            Tuple.Create<string, Action>("refused_moves_change_nothing", RefusedMovesChangeNothing),
            Tuple.Create<string, Action>("records_load_and_damaged_ones_are_refused", RecordsLoadAndDamagedOnesAreRefused),
            Tuple.Create<string, Action>("cards_and_moves_in_notation", CardsAndMovesInNotation),
            Tuple.Create<string, Action>("bad_rulesets_are_refused_with_a_reason", BadRulesetsAreRefusedWithAReason),
            Tuple.Create<string, Action>("clones_are_independent", ClonesAreIndependent),
            Tuple.Create<string, Action>("threads_read_one_game_and_own_others", ThreadsReadOneGameAndOwnOthers),
            Tuple.Create<string, Action>("bots_and_hints_choose_legal_moves", BotsAndHintsChooseLegalMoves),
            Tuple.Create<string, Action>("views_and_seats", ViewsAndSeats),
            Tuple.Create<string, Action>("disposed_games_throw", DisposedGamesThrow),
        };
        foreach (var t in tests)
        {
            string name = t.Item1;
            try
            {
                t.Item2();
                Console.WriteLine("ok   " + name);
            }
            catch (Exception e)
            {
                failures++;
                Console.WriteLine("FAIL " + name + ": " + e);
            }
        }
        Console.WriteLine($"{failures} of {tests.Length} C# tests failed");
        return failures == 0 ? 0 : 1;
    }
}
