// Native.cs - the declarations of rami.h this binding calls (P/Invoke).
//
// Every buffer crosses as a byte[] (or int[]), which the marshaller pins
// without copying: a rami_move is 17 bytes, a rami_card one. size_t is
// UIntPtr. The library is "rami": librami.so, librami.dylib or rami.dll on
// the loader's path (Unity: a native plugin).
using System;
using System.Runtime.InteropServices;

namespace Rami
{
    /// <summary>The game handle; freed by rami_game_free, once.</summary>
    internal sealed class GameHandle : SafeHandle
    {
        private GameHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid => handle == IntPtr.Zero;

        protected override bool ReleaseHandle()
        {
            Native.rami_game_free(handle);
            return true;
        }
    }

    /// <summary>rami_bot_options, 1.0 layout (24 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct BotOptions
    {
        public uint StructSize;
        public byte Level;
        public byte Reserved0, Reserved1, Reserved2;
        public ulong Seed;
        public uint Playouts;
        public uint TimeMs;
    }

    /// <summary>rami_round_result.</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeRoundResult
    {
        public byte Reason;
        public byte Winners;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = 6)] public ushort[] HandValue;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = 6)] public short[] Points;
    }

    /// <summary>rami_meld_info.</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeMeldInfo
    {
        public byte Kind;
        public byte Count;
        public ushort Points;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = 13)] public byte[] Cards;
        public byte JokerAs;
    }

    internal static class Native
    {
        private const string Lib = "rami";

        public const int MoveBytes = 17;
        public const int MaxHand = 32;
        public const int MaxPlayers = 6;
        public const int WhyCap = 256;
        public const int StatusBuffer = -3;
        public const int StatusParse = -4;
        public const int StatusRuleset = -5;
        public const int StatusInternal = -21;

        [DllImport(Lib)] public static extern IntPtr rami_strerror(int status);
        [DllImport(Lib)] public static extern IntPtr rami_status_name(int status);
        [DllImport(Lib)] public static extern IntPtr rami_version();

        [DllImport(Lib)] public static extern byte rami_card_make(int rank, int suit);
        [DllImport(Lib)] public static extern int rami_card_rank(byte c);
        [DllImport(Lib)] public static extern int rami_card_suit(byte c);
        [DllImport(Lib)] public static extern int rami_card_parse(byte[] text, out byte card);
        [DllImport(Lib)] public static extern int rami_card_format(byte c, byte[] buf, UIntPtr cap);

        [DllImport(Lib)]
        public static extern int rami_ruleset_init_sized(ref Ruleset rs, UIntPtr size, int preset,
                                                         uint players);
        [DllImport(Lib)]
        public static extern int rami_ruleset_check(ref Ruleset rs, byte[] why, UIntPtr cap);

        [DllImport(Lib)]
        public static extern int rami_game_new(ref Ruleset rs, ulong seed, out GameHandle g);
        [DllImport(Lib)] public static extern int rami_game_clone(GameHandle g, out GameHandle copy);
        [DllImport(Lib)] public static extern void rami_game_free(IntPtr g);
        [DllImport(Lib)] public static extern int rami_game_phase(GameHandle g);
        [DllImport(Lib)] public static extern int rami_game_current_player(GameHandle g);
        [DllImport(Lib)] public static extern int rami_game_round(GameHandle g);
        [DllImport(Lib)] public static extern int rami_game_turn(GameHandle g);
        [DllImport(Lib)]
        public static extern int rami_game_hand(GameHandle g, int player, byte[] buf, UIntPtr cap,
                                                out UIntPtr count);
        [DllImport(Lib)] public static extern UIntPtr rami_game_stock_count(GameHandle g);
        [DllImport(Lib)] public static extern byte rami_game_discard_top(GameHandle g);
        [DllImport(Lib)] public static extern int rami_game_has_opened(GameHandle g, int player);
        [DllImport(Lib)] public static extern UIntPtr rami_game_meld_count(GameHandle g);
        [DllImport(Lib)]
        public static extern int rami_game_meld(GameHandle g, UIntPtr index, out int owner,
                                                out NativeMeldInfo info);
        [DllImport(Lib)]
        public static extern int rami_game_round_result(GameHandle g, out NativeRoundResult r);
        [DllImport(Lib)] public static extern int rami_game_scores(GameHandle g, int[] totals, UIntPtr cap);
        [DllImport(Lib)] public static extern int rami_game_next_round(GameHandle g);
        [DllImport(Lib)] public static extern int rami_game_match_winners(GameHandle g);
        [DllImport(Lib)]
        public static extern int rami_game_ruleset_sized(GameHandle g, out Ruleset rs, UIntPtr size);

        [DllImport(Lib)]
        public static extern int rami_game_legal_moves(GameHandle g, byte[] buf, UIntPtr cap,
                                                       out UIntPtr count);
        [DllImport(Lib)]
        public static extern int rami_game_check(GameHandle g, int player, byte[] move, byte[] why,
                                                 UIntPtr cap);
        [DllImport(Lib)] public static extern int rami_game_play(GameHandle g, int player, byte[] move);
        [DllImport(Lib)] public static extern int rami_game_undo(GameHandle g, int player);

        [DllImport(Lib)] public static extern int rami_move_parse(byte[] text, byte[] move);
        [DllImport(Lib)] public static extern int rami_move_format(byte[] move, byte[] buf, UIntPtr cap);
        [DllImport(Lib)]
        public static extern int rami_game_save(GameHandle g, byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib)] public static extern int rami_game_load(byte[] text, UIntPtr len, out GameHandle g);
        [DllImport(Lib)]
        public static extern int rami_game_view_json(GameHandle g, int viewer, byte[] buf, UIntPtr cap,
                                                     out UIntPtr len);

        [DllImport(Lib)]
        public static extern int rami_bot_options_init_sized(ref BotOptions opt, UIntPtr size, int level);
        [DllImport(Lib)]
        public static extern int rami_bot_choose(GameHandle g, ref BotOptions opt, byte[] move);
        [DllImport(Lib)]
        public static extern int rami_game_hint(GameHandle g, byte[] move, byte[] why, UIntPtr cap);

        /// <summary>A static string of the library (status names and messages).</summary>
        public static string Static(IntPtr p) => p == IntPtr.Zero ? "" : Marshal.PtrToStringAnsi(p);

        /// <summary>text, NUL-terminated, in UTF-8.</summary>
        public static byte[] CString(string text)
        {
            if (text == null || text.IndexOf('\0') >= 0)
                throw new RamiException(StatusParse, "");
            return System.Text.Encoding.UTF8.GetBytes(text + "\0");
        }

        /// <summary>The text of a NUL-terminated buffer the library wrote.</summary>
        public static string FromBuffer(byte[] buf)
        {
            int n = Array.IndexOf(buf, (byte)0);
            return System.Text.Encoding.UTF8.GetString(buf, 0, n < 0 ? buf.Length : n);
        }

        public static UIntPtr Size(int n) => new UIntPtr((uint)n);
    }
}
