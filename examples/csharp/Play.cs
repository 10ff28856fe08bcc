// Play.cs - a round of 2-player Rami 51 between the strong bot and greedy,
// each move printed in notation, then the score.
//
//     mono rami-play.exe [SEED]
using System;
using Rami;

static class Play
{
    static int Main(string[] args)
    {
        ulong seed = args.Length > 0 ? ulong.Parse(args[0]) : 1;
        var rules = Ruleset.FromPreset(Preset.Rami51, 2);
        using (var game = new Game(rules, seed))
        {
            var levels = new[] { BotLevel.Strong, BotLevel.Greedy };
            Console.WriteLine($"Rami 51, seed {seed}: seat 0 strong, seat 1 greedy");
            for (ulong step = 0; game.InPlay; step++)
            {
                int seat = game.CurrentPlayer;
                Move m = game.BotMove(levels[seat], seed ^ step);
                game.Play(seat, m);
                Console.WriteLine($"seat {seat}: {m}");
            }
            var r = game.RoundResult();
            Console.WriteLine($"{r.Reason}: winners {string.Join(",", r.Winners)}, " +
                              $"points {string.Join(",", r.Points)}");
        }
        return 0;
    }
}
