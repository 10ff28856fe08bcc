// Game.cs - a match of Rami: the library's handle, owned by a Game.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Rami
{
    /// <summary>
    /// A match, freed by Dispose (or, failing that, by the finalizer).
    /// Threads: a Game may be used from any thread, one at a time; reading
    /// one from several threads at once is allowed only for the methods
    /// that do not change it (everything but Play, Undo and NextRound).
    /// </summary>
    public sealed class Game : IDisposable
    {
        private readonly GameHandle h;

        private Game(GameHandle handle) { h = handle; }

        private static Game Made(int rc, GameHandle handle)
        {
            if (rc != 0)
            {
                handle?.Dispose();
                throw new RamiException(rc, "");
            }
            return new Game(handle);
        }

        /// <summary>A match under rules, round 1 dealt from seed (the same
        /// seed deals the same cards everywhere). RAMI_E_RULESET with the
        /// reason for rules the library refuses.</summary>
        public Game(Ruleset rules, ulong seed)
        {
            int rc = Native.rami_game_new(ref rules, seed, out h);
            if (rc != 0)
            {
                h?.Dispose();
                if (rc == Native.StatusRuleset)
                    rules.Check(); // throws the refusal with its reason
                throw new RamiException(rc, "");
            }
        }

        /// <summary>The game a record of Save describes, every move replayed
        /// and checked (RAMI_E_PARSE or RAMI_E_CORRUPT for damaged text).</summary>
        public static Game Load(string record)
        {
            byte[] text = System.Text.Encoding.UTF8.GetBytes(record ?? "");
            int rc = Native.rami_game_load(text, Native.Size(text.Length), out GameHandle handle);
            return Made(rc, handle);
        }

        /// <summary>An independent copy.</summary>
        public Game Clone()
        {
            int rc = Native.rami_game_clone(h, out GameHandle copy);
            return Made(rc, copy);
        }

        public void Dispose() => h.Dispose();

        public Ruleset Rules
        {
            get
            {
                RamiException.Check(Native.rami_game_ruleset_sized(h, out Ruleset rs, Ruleset.SizeOf));
                return rs;
            }
        }

        public int Players => Rules.Players;
        public Phase Phase => (Phase)RamiException.Check(Native.rami_game_phase(h));
        public bool InPlay => Phase <= Phase.Play; // Draw or Play
        public int CurrentPlayer => RamiException.Check(Native.rami_game_current_player(h));
        public int Round => RamiException.Check(Native.rami_game_round(h));
        public int Turn => RamiException.Check(Native.rami_game_turn(h));
        public int StockCount => (int)Native.rami_game_stock_count(h);

        /// <summary>The top of the discard pile, null when it is empty.</summary>
        public Card? DiscardTop
        {
            get
            {
                byte c = Native.rami_game_discard_top(h);
                return c == 0 ? (Card?)null : new Card(c);
            }
        }

        /// <summary>A seat's hand, sorted by suit and rank, jokers last.</summary>
        public Card[] Hand(int seat)
        {
            var buf = new byte[Native.MaxHand];
            RamiException.Check(Native.rami_game_hand(h, seat, buf, Native.Size(buf.Length),
                                                      out UIntPtr n));
            return Card.FromCodes(buf, 0, (int)n);
        }

        public bool HasOpened(int seat) => RamiException.Check(Native.rami_game_has_opened(h, seat)) == 1;

        /// <summary>The melds on the table, in the order they were laid.</summary>
        public TableMeld[] Melds
        {
            get
            {
                int n = (int)Native.rami_game_meld_count(h);
                var melds = new TableMeld[n];
                for (int i = 0; i < n; i++)
                {
                    RamiException.Check(Native.rami_game_meld(h, Native.Size(i), out int owner,
                                                              out NativeMeldInfo info));
                    melds[i] = new TableMeld
                    {
                        Owner = owner,
                        IsSet = info.Kind == 1,
                        Cards = Card.FromCodes(info.Cards, 0, Math.Min((int)info.Count, 13)),
                        Points = info.Points,
                    };
                }
                return melds;
            }
        }

        /// <summary>Every legal move of the seat to move, in the library's
        /// order; empty once the round is over.</summary>
        public List<Move> LegalMoves()
        {
            int cap = 256;
            while (true)
            {
                var buf = new byte[cap * Native.MoveBytes];
                int rc = Native.rami_game_legal_moves(h, buf, Native.Size(cap), out UIntPtr count);
                int n = (int)count;
                if (rc == Native.StatusBuffer && n > cap)
                {
                    cap = n;
                    continue;
                }
                RamiException.Check(rc);
                var moves = new List<Move>(n);
                for (int i = 0; i < n; i++)
                {
                    var raw = new byte[Native.MoveBytes];
                    Array.Copy(buf, i * Native.MoveBytes, raw, 0, Native.MoveBytes);
                    moves.Add(new Move(raw));
                }
                return moves;
            }
        }

        /// <summary>Returns normally if seat may make m now; else throws
        /// with the status and the library's reason.</summary>
        public void Check(int seat, Move m)
        {
            var why = new byte[Native.WhyCap];
            int rc = Native.rami_game_check(h, seat, m.Raw, why, Native.Size(why.Length));
            if (rc != 0)
                throw new RamiException(rc, Native.FromBuffer(why));
        }

        /// <summary>Plays m for seat. A refused move changes nothing and
        /// throws with the reason Check gives.</summary>
        public void Play(int seat, Move m)
        {
            int rc = Native.rami_game_play(h, seat, m.Raw);
            if (rc == 0)
                return;
            Check(seat, m); // nothing changed: throws with the reason
            throw new RamiException(rc, "");
        }

        /// <summary>Takes back the seat's last meld, lay-off or swap of this turn.</summary>
        public void Undo(int seat) => RamiException.Check(Native.rami_game_undo(h, seat));

        /// <summary>How the round ended (RAMI_E_PHASE while it is played).</summary>
        public RoundResult RoundResult()
        {
            RamiException.Check(Native.rami_game_round_result(h, out NativeRoundResult r));
            int players = Players;
            var result = new RoundResult
            {
                Reason = (EndReason)r.Reason,
                Winners = SeatsOf(r.Winners),
                HandValue = new int[players],
                Points = new int[players],
            };
            for (int s = 0; s < players; s++)
            {
                result.HandValue[s] = r.HandValue[s];
                result.Points[s] = r.Points[s];
            }
            return result;
        }

        /// <summary>Each seat's match total.</summary>
        public int[] Scores()
        {
            var totals = new int[Players];
            RamiException.Check(Native.rami_game_scores(h, totals, Native.Size(totals.Length)));
            return totals;
        }

        /// <summary>Deals the next round after one is over.</summary>
        public void NextRound() => RamiException.Check(Native.rami_game_next_round(h));

        /// <summary>The seats with the lowest total once the match is over.</summary>
        public int[] MatchWinners() => SeatsOf(RamiException.Check(Native.rami_game_match_winners(h)));

        /// <summary>The record of the match (doc/record-format.md), for Load.</summary>
        public string Save() =>
            SizedText((byte[] buf, UIntPtr cap, out UIntPtr len) => Native.rami_game_save(h, buf, cap, out len));

        /// <summary>The state as JSON as viewer may know it (other hands as
        /// counts); -1 shows everything.</summary>
        public string ViewJson(int viewer) =>
            SizedText((byte[] buf, UIntPtr cap, out UIntPtr len) =>
                          Native.rami_game_view_json(h, viewer, buf, cap, out len));

        /// <summary>The move a bot of level chooses for the seat to move,
        /// using only what that seat may know; the same seed, the same move.</summary>
        public Move BotMove(BotLevel level, ulong seed)
        {
            var opt = new BotOptions();
            RamiException.Check(Native.rami_bot_options_init_sized(
                ref opt, Native.Size(Marshal.SizeOf(typeof(BotOptions))),
                (int)level));
            opt.Seed = seed;
            var raw = new byte[Native.MoveBytes];
            RamiException.Check(Native.rami_bot_choose(h, ref opt, raw));
            return new Move(raw);
        }

        /// <summary>A suggested move for the seat to move, and why.</summary>
        public Move Hint(out string why)
        {
            var raw = new byte[Native.MoveBytes];
            var buf = new byte[Native.WhyCap];
            int rc = Native.rami_game_hint(h, raw, buf, Native.Size(buf.Length));
            if (rc != 0)
                throw new RamiException(rc, Native.FromBuffer(buf));
            why = Native.FromBuffer(buf);
            return new Move(raw);
        }

        public override string ToString() =>
            $"Game(round {Round}, turn {Turn}, {Phase}, seat {CurrentPlayer} to move)";

        private static int[] SeatsOf(int mask)
        {
            var seats = new List<int>();
            for (int s = 0; s < Native.MaxPlayers; s++)
                if ((mask & (1 << s)) != 0)
                    seats.Add(s);
            return seats.ToArray();
        }

        private delegate int TextWriter(byte[] buf, UIntPtr cap, out UIntPtr len);

        /// <summary>Asks write(null, 0) for the length, then writes into a
        /// buffer of that length: rami_game_save and rami_game_view_json.</summary>
        private static string SizedText(TextWriter write)
        {
            int rc = write(null, UIntPtr.Zero, out UIntPtr len);
            if (rc != 0 && rc != Native.StatusBuffer)
                throw new RamiException(rc, "");
            var buf = new byte[(int)len + 1];
            RamiException.Check(write(buf, Native.Size(buf.Length), out len));
            return System.Text.Encoding.UTF8.GetString(buf, 0, (int)len);
        }
    }
}
