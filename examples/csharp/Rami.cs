// Rami.cs - librami for C# (.NET, Mono, Unity): the C API of rami.h with
// C# types. Every rule is the C library's; this file converts values,
// turns statuses into RamiException and owns the game handle
// (doc/csharp.md).
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Rami
{
    public enum Preset { Rami51 = 0, Rami40 = 1, Rami51House = 2, Rami40House = 3, Finnish = 4 }

    public enum Phase { Draw = 0, Play = 1, RoundOver = 2, MatchOver = 3 }

    public enum MoveKind { DrawStock = 1, DrawDiscard = 2, Meld = 3, LayOff = 4, Swap = 5, Discard = 6 }

    public enum BotLevel { Random = 0, Greedy = 1, Strong = 2 }

    public enum EndReason { None = 0, WentOut = 1, StockOut = 2, TurnLimit = 3 }

    /// <summary>The RAMI_OPT_* bits of <see cref="Ruleset.Options"/>.</summary>
    [Flags]
    public enum RuleOptions : uint
    {
        None = 0,
        LayoffOthers = 1u << 0,
        GoOutByMeld = 1u << 1,
        KeepPickup = 1u << 2,
        PickupMustMeld = 1u << 3,
        JokerSwap = 1u << 4,
        JokerReplay = 1u << 5,
        OpenPureRun = 1u << 6,
        JokerChoice = 1u << 7,
        OpenTurnLayoff = 1u << 8,
        NoJokerDiscard = 1u << 9,
        NoJokerOut = 1u << 10,
        OneGoDouble = 1u << 11,
        Elimination = 1u << 12,
        LowHandZero = 1u << 13,
        SetSwapAny = 1u << 14,
    }

    /// <summary>
    /// A status other than RAMI_OK: Code (-9), Name ("RAMI_E_MELD"), the
    /// status's sentence, and the precise Reason naming the cards and the
    /// rule where the call gives one (a refused move or ruleset).
    /// </summary>
    public class RamiException : Exception
    {
        public int Code { get; }
        public string Name { get; }
        public string Reason { get; }

        public RamiException(int code, string reason)
            : base(Native.Static(Native.rami_status_name(code)) + ": " +
                   (string.IsNullOrEmpty(reason) ? Native.Static(Native.rami_strerror(code)) : reason))
        {
            Code = code;
            Name = Native.Static(Native.rami_status_name(code));
            Reason = reason ?? "";
        }

        internal static int Check(int rc)
        {
            if (rc < 0)
                throw new RamiException(rc, "");
            return rc;
        }
    }

    /// <summary>One card: a natural (rank 1..13, suit 0..3: clubs, diamonds,
    /// hearts, spades) or the joker. Written "7S", "10H", "AC", "JK".</summary>
    public readonly struct Card : IEquatable<Card>
    {
        public static readonly Card Joker = new Card(0x50);

        /// <summary>The library's code of the card (rami_card).</summary>
        public byte Code { get; }

        internal Card(byte code) { Code = code; }

        /// <summary>The natural of rank 1..13 and suit 0..3.</summary>
        public static Card Of(int rank, int suit)
        {
            byte c = suit >= 0 && suit <= 3 ? Native.rami_card_make(rank, suit) : (byte)0;
            if (c == 0)
                throw new ArgumentOutOfRangeException(nameof(rank), "no such card");
            return new Card(c);
        }

        /// <summary>"7S", "10h", "AC", "JK" or "*"; RamiException RAMI_E_PARSE for anything else.</summary>
        public static Card Parse(string text)
        {
            RamiException.Check(Native.rami_card_parse(Native.CString(text), out byte c));
            return new Card(c);
        }

        /// <summary>1 (ace) to 13 (king), 0 for the joker.</summary>
        public int Rank => Native.rami_card_rank(Code);

        /// <summary>0..3, -1 for the joker.</summary>
        public int Suit => Native.rami_card_suit(Code);

        public bool IsJoker => Code == Joker.Code;

        public override string ToString()
        {
            var buf = new byte[8];
            return Native.rami_card_format(Code, buf, Native.Size(buf.Length)) == 0
                ? Native.FromBuffer(buf) : "?";
        }

        public bool Equals(Card other) => Code == other.Code;
        public override bool Equals(object obj) => obj is Card && Equals((Card)obj);
        public override int GetHashCode() => Code;
        public static bool operator ==(Card a, Card b) => a.Equals(b);
        public static bool operator !=(Card a, Card b) => !a.Equals(b);

        internal static Card[] FromCodes(byte[] codes, int offset, int n)
        {
            var cards = new Card[n];
            for (int i = 0; i < n; i++)
                cards[i] = new Card(codes[offset + i]);
            return cards;
        }
    }

    /// <summary>One move, as the library lists, checks and plays it: parse
    /// one from notation, ToString writes it back.</summary>
    public sealed class Move : IEquatable<Move>
    {
        internal readonly byte[] Raw; // the 17 bytes of a rami_move

        internal Move(byte[] raw) { Raw = raw; }

        /// <summary>"draw", "take", "meld 7S 8S 9S", "lay 9S on 2", "swap 6S on 2",
        /// "discard KH" (meld numbers from 1); RAMI_E_PARSE for anything else.</summary>
        public static Move Parse(string text)
        {
            var raw = new byte[Native.MoveBytes];
            RamiException.Check(Native.rami_move_parse(Native.CString(text), raw));
            return new Move(raw);
        }

        public static Move Draw() => Parse("draw");

        public static Move Discard(Card card)
        {
            var raw = new byte[Native.MoveBytes];
            raw[0] = (byte)MoveKind.Discard;
            raw[1] = 1;
            raw[4] = card.Code;
            return new Move(raw);
        }

        public MoveKind Kind => (MoveKind)Raw[0];

        /// <summary>The cards the move uses from the hand.</summary>
        public Card[] Cards => Card.FromCodes(Raw, 4, Math.Min((int)Raw[1], 13));

        /// <summary>The table meld (0-based) of a lay-off or swap, else -1.</summary>
        public int Target => Kind == MoveKind.LayOff || Kind == MoveKind.Swap ? Raw[2] : -1;

        public override string ToString()
        {
            var buf = new byte[96];
            return Native.rami_move_format(Raw, buf, Native.Size(buf.Length)) == 0
                ? Native.FromBuffer(buf) : "<malformed move>";
        }

        public bool Equals(Move other)
        {
            if (ReferenceEquals(other, null))
                return false;
            for (int i = 0; i < Native.MoveBytes; i++)
                if (Raw[i] != other.Raw[i])
                    return false;
            return true;
        }

        public override bool Equals(object obj) => Equals(obj as Move);

        public override int GetHashCode()
        {
            int h = 17;
            foreach (byte b in Raw)
                h = h * 31 + b;
            return h;
        }
    }

    /// <summary>The rules of a match (rami_ruleset, 1.0 layout): start
    /// from a preset, change fields, and let the game (or Check) judge them.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Ruleset
    {
        private uint structSize;
        public byte Players;
        public byte Decks;
        public byte Jokers;
        public byte HandSize;
        public ushort OpeningPoints;
        public byte JokersPerMeld;
        public byte MaxRestocks;
        public ushort MaxTurns;
        public byte JokerPenalty;
        public byte AcePenalty;
        public RuleOptions Options;
        public ushort MatchRounds;
        public ushort MatchTarget;
        public ushort UnopenedPenalty;
        private ushort reserved;

        internal static UIntPtr SizeOf => Native.Size(Marshal.SizeOf(typeof(Ruleset)));

        /// <summary>A preset for 2..6 players (RAMI_E_ARG for another count).</summary>
        public static Ruleset FromPreset(Preset preset, int players)
        {
            var rs = new Ruleset();
            RamiException.Check(Native.rami_ruleset_init_sized(ref rs, SizeOf, (int)preset, (uint)players));
            return rs;
        }

        /// <summary>Throws RAMI_E_RULESET with the reason if the rules make no playable game.</summary>
        public void Check()
        {
            var why = new byte[Native.WhyCap];
            int rc = Native.rami_ruleset_check(ref this, why, Native.Size(why.Length));
            if (rc != 0)
                throw new RamiException(rc, Native.FromBuffer(why));
        }
    }

    /// <summary>How a round ended and what each seat scored.</summary>
    public sealed class RoundResult
    {
        public EndReason Reason { get; internal set; }
        public int[] Winners { get; internal set; }
        public int[] HandValue { get; internal set; }
        public int[] Points { get; internal set; }
    }

    /// <summary>A meld on the table.</summary>
    public sealed class TableMeld
    {
        public int Owner { get; internal set; }
        public bool IsSet { get; internal set; }
        public Card[] Cards { get; internal set; }
        public int Points { get; internal set; }
    }
}
