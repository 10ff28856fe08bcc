#!/usr/bin/env python3
"""Scripted games of rami-cli: fixed seeds, commands on stdin, the output
checked line by line.

usage: cli_test.py RAMI_CLI CASE   (CASE: one of the classes below, or all)
"""

import os
import re
import subprocess
import sys
import tempfile
import unittest

CLI = sys.argv[1]
MOVE_LINE = re.compile(r'^seat (\d): (draw|take \(\S+\)|meld( \S+){3,}|lay \S+ on \d+( low| high)?|'
                       r'swap \S+ on \d+|discard \S+)( \(you drew \S+\))?$')


def run(args, script='', check_rc=0):
    """Runs rami-cli; returns (stdout, stderr)."""
    p = subprocess.run([CLI] + args, input=script, capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, LANG='C.UTF-8'))
    if check_rc is not None and p.returncode != check_rc:
        raise AssertionError('rami-cli %s: exit %d, wanted %d\n%s%s' % (
            ' '.join(args), p.returncode, check_rc, p.stdout[-3000:], p.stderr))
    return p.stdout, p.stderr


def blocks(out, command):
    """The output printed in answer to each occurrence of `command`: the
    lines after its echoed prompt up to the next prompt."""
    found, current = [], None
    for line in out.splitlines():
        if re.match(r'^seat \d> ', line):
            if current is not None:
                found.append('\n'.join(current))
            current = [] if line.split('> ', 1)[1] == command else None
        elif current is not None:
            current.append(line)
    if current is not None:
        found.append('\n'.join(current))
    return found


def position(out, n=-1):
    """The n-th position printed (from its header to the hand line)."""
    found = re.findall(r'^-- round .*?^Hand of seat \d:.*?$', out, re.M | re.S)
    return found[n]


class Watch(unittest.TestCase):
    def test_a_round_of_bots_ends_with_a_summary(self):
        out, err = run(['--watch', '--seed', '3'])
        self.assertEqual(err, '')
        self.assertIn('== round 1 over: ', out)
        self.assertRegex(out, r'(?m)^Round winners?: seat \d')
        self.assertIn('== match over after 1 round ==', out)  # no limit: input ended
        self.assertRegex(out, r'(?m)^Match winners?: seat \d')
        moves = [line for line in out.splitlines() if line.startswith('seat ') and ': ' in line
                 and 'hand value' not in line and 'total' not in line]
        self.assertGreater(len(moves), 6)
        for line in moves:
            self.assertRegex(line, MOVE_LINE)
        self.assertNotIn('seat 0>', out)  # nobody was asked
        # The same seed gives the same game.
        self.assertEqual(run(['--watch', '--seed', '3'])[0], out)

    def test_a_match_over_rounds_and_a_target(self):
        out, _ = run(['--watch', '--seed', '8', '--players', '4', '--rounds', '2', '--bots', '1'])
        self.assertIn('== round 2 over: ', out)
        self.assertIn('== match over after 2 rounds ==', out)
        self.assertIn('\nTotals after round 1 of 2: seat 0 (bot) ', out)
        self.assertRegex(out, r'seat 3 \(bot\)')
        out, _ = run(['--watch', '--seed', '8', '--target', '60', '--bots', 'random',
                      '--preset', 'finnish', '--players', '2'])
        totals = [int(t) for t in re.findall(r'(?m)^  seat \d \(bot\)\s+total\s+(\d+)$', out)]
        self.assertEqual(len(totals), 2)
        self.assertGreaterEqual(max(totals), 60)

    def test_output_is_ascii_without_a_terminal(self):
        out, _ = run(['--watch', '--seed', '4', '--preset', '40-house'])
        self.assertTrue(out.isascii())
        self.assertNotIn('\033', out)


def run_in_terminal(args, script, lang):
    """Runs rami-cli on a pseudo-terminal; returns everything it printed."""
    import pty
    pid, fd = pty.fork()
    if pid == 0:
        os.environ['LANG'] = lang
        for var in ('LC_ALL', 'LC_CTYPE', 'NO_COLOR'):
            os.environ.pop(var, None)
        os.execv(CLI, [CLI] + args)
    os.write(fd, script.encode())
    out = b''
    while True:
        try:
            data = os.read(fd, 4096)
        except OSError:  # the child has exited
            break
        if not data:
            break
        out += data
    os.waitpid(pid, 0)
    return out.decode('utf-8')


@unittest.skipUnless(sys.platform.startswith('linux'), 'needs a Linux pseudo-terminal')
class Terminal(unittest.TestCase):
    def test_suits_and_colours_on_a_utf8_terminal(self):
        out = run_in_terminal(['--seed', '2', '--players', '2'], 'quit\nyes\n', 'C.UTF-8')
        self.assertIn('1:A\u2663 ', out)
        self.assertIn('\033[31m7\u2666\033[0m', out)

    def test_ascii_on_request_or_without_utf8(self):
        for args, lang in ((['--ascii'], 'C.UTF-8'), ([], 'C')):
            out = run_in_terminal(['--seed', '2', '--players', '2'] + args, 'quit\nyes\n', lang)
            self.assertIn('1:AC 2:7C ', out)
            self.assertTrue(out.isascii())


class Human(unittest.TestCase):
    def test_draw_and_discard_until_the_round_ends(self):
        out, _ = run(['--seed', '5', '--bots', '1', '--rounds', '1'], 'draw\ndiscard 1\n' * 400)
        self.assertNotIn('illegal', out)
        self.assertNotIn('(end of input)', out)
        self.assertIn('== match over after 1 round ==', out)
        self.assertRegex(out, r'(?m)^seat 0: draw \(you drew \S+\)$')
        self.assertRegex(out, r'(?m)^seat 0: discard \S+$')
        self.assertRegex(out, r'(?m)^seat 1: ')
        self.assertIn('Hand of seat 0: 1:', out)

    def test_hot_seat_and_positions(self):
        out, _ = run(['--seed', '6', '--bots', 'none', '--players', '2', '--rounds', '1'],
                     '\ndraw\ndiscard 14\n' * 400)
        self.assertNotIn('illegal', out)
        self.assertNotIn('(bot)', out)
        self.assertRegex(out, r'(?m)^seat 1> draw$')
        self.assertIn('== round 1 over: ', out)
        # "discard 14" is the 14th card of the hand shown before it.
        hand = re.search(r'Hand of seat 0:(.*)\nseat 0> discard 14', out).group(1)
        card = hand.split()[13].split(':')[1]
        self.assertIn('seat 0: discard %s\n' % card, out)

    def test_end_of_input_quits_cleanly(self):
        out, err = run(['--seed', '1'], '')
        self.assertIn('(end of input)', out)
        self.assertEqual(err, '')

    def test_meld_by_positions_and_undo(self):
        # Seed 2, Rami 40 for two: after the draw seat 0 holds AC 7C 8C 10C JC
        # QC 7D 9D 10D JD 4S 5S 9S JK (a deal never changes with the seed).
        args = ['--seed', '2', '--preset', '40', '--players', '2']
        out, _ = run(args, 'draw\nmeld 2 7 14\nshow\nundo\nshow\nundo\n')
        self.assertIn('Hand of seat 0: 1:AC 2:7C 3:8C 4:10C', out)
        self.assertIn('seat 0: meld 7C 7D JK\n', out)
        # Positions: the deal, after the draw, after the meld, its show, after
        # the undo, its show.
        self.assertIn(' 1. seat 0 (you) 7C 7D JK=7?\n', position(out, 2))
        # The opening so far: the set is worth 21 of the 40 points.
        self.assertIn('<- to play  opening: 21 of 40 laid this turn\n', position(out, 2))
        self.assertIn('<- to play  opening: 0 of 40 laid this turn\n', position(out, 4))
        self.assertIn('seat 0: took the last play back', out)
        self.assertEqual(position(out, 1), position(out, 4))
        self.assertIn('Table: no melds yet', position(out, 4))
        self.assertIn('cannot undo: nothing to take back [RAMI_E_UNDO]', out)

    def test_history_shows_the_round_as_the_seat_knows_it(self):
        # Seed 2, Rami 40: seat 0 draws 8C and discards AC, the bot seat 1
        # draws (its card is not shown) and ends its turn discarding 8S
        # (what it lays before that is the strong bot's choice, which
        # doc/bots.md lets change).
        args = ['--seed', '2', '--preset', '40', '--players', '2']
        out, _ = run(args, 'draw\ndiscard 1\nhistory\n')
        self.assertRegex(out, 'The round so far, as seat 0 knows it \\([0-9]+ events\\):\n'
                         '  turn 1, seat 0: draw \\(8C\\)\n'
                         '  turn 1, seat 0: discard AC\n'
                         '  turn 2, seat 1: draw\n'
                         '(  turn 2.*\n)*'
                         '  turn 2, seat 1: discard 8S\n')
        # Every event is worded as a move, a second meld (table meld 1)
        # too: the event's target is the new meld, the move has none.
        self.assertNotIn('(move ', out)
        self.assertGreaterEqual(out.count(', seat 1: meld '), 2)

    def test_what_the_turn_owes_comes_from_the_library(self):
        # Seed 2, Rami 40 (KEEP_PICKUP): after taking 9D from the discard
        # pile, rami_game_turn_info says 9D may not be discarded this turn.
        args = ['--seed', '2', '--preset', '40', '--players', '2']
        out, _ = run(args, 'take\nshow\n')
        self.assertIn('seat 0: take (9D)', out)
        self.assertIn('<- to play  opening: 0 of 40 laid this turn  9D may not be discarded\n',
                      position(out, 2))
        self.assertNotIn('may not be discarded', position(out, 0))


class Illegal(unittest.TestCase):
    def test_illegal_commands_print_the_reason_and_change_nothing(self):
        script = ['discard 1', 'draw', 'show', 'moves', 'discard 1 2', 'meld 1 1 2',
                  'meld 1 2 99', 'discard AS AS', 'lay 1 on 9', 'swap 1 on 1', 'take',
                  'undo', 'dance', 'discard', 'show', 'moves', 'quit']
        out, _ = run(['--seed', '5', '--bots', '1'], '\n'.join(script) + '\n')
        self.assertIn('illegal: draw a card first [RAMI_E_PHASE]', out)
        self.assertIn('position 1 is named twice', out)
        self.assertIn('no card at position 99: the hand holds 14 cards', out)
        self.assertIn('seat 0> discard AS AS\ndiscard takes one card\n', out)
        self.assertIn('seat 0> discard\ndiscard needs a card: discard KH, or its position', out)
        self.assertRegex(out, r'illegal: .* \[RAMI_E_(NOT_OPENED|LAYOFF|ARG)\]')
        self.assertRegex(out, r'illegal: .* \[RAMI_E_PHASE\]\nseat 0> undo')
        self.assertIn('cannot undo: nothing to take back [RAMI_E_UNDO]', out)
        self.assertIn('unknown command "dance"', out)
        shows, moves = blocks(out, 'show'), blocks(out, 'moves')
        self.assertEqual(len(shows), 2)
        self.assertEqual(shows[0], shows[1])
        self.assertEqual(moves[0], moves[1])
        self.assertRegex(moves[0], r'^\d+ legal moves:\n  ')
        self.assertEqual(len(re.findall(r'(?m)^seat 0: ', out)), 1)  # only the draw


class SaveLoad(unittest.TestCase):
    def test_a_saved_game_loads_into_another_session(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, 'game.rami')
            out1, _ = run(['--seed', '21'],
                          'draw\nsave %s\nshow\nmoves\ndiscard 1\nshow\n' % path)
            self.assertIn('saved to %s' % path, out1)
            with open(path, encoding='ascii') as f:
                self.assertTrue(f.read().startswith('rami-record'))
            # Another deal, then the saved game replaces it.
            out2, _ = run(['--seed', '22'],
                          'show\nload %s\nshow\nmoves\ndiscard 1\nshow\n' % path)
            self.assertIn('loaded %s: round 1, 3 players' % path, out2)
            self.assertNotEqual(blocks(out2, 'show')[0], blocks(out1, 'show')[0])
            self.assertEqual(blocks(out2, 'show')[1], blocks(out1, 'show')[0])
            self.assertEqual(blocks(out2, 'moves'), blocks(out1, 'moves'))
            # The game goes on the same way: the bots' seeds come from the game.
            self.assertEqual(blocks(out2, 'discard 1')[0], blocks(out1, 'discard 1')[0])

    def test_bad_files_change_nothing(self):
        with tempfile.TemporaryDirectory() as tmp:
            bad = os.path.join(tmp, 'bad.rami')
            with open(bad, 'w', encoding='ascii') as f:
                f.write('rami-record 1\nnonsense\n')
            missing = os.path.join(tmp, 'missing.rami')
            out, _ = run(['--seed', '2'],
                         'show\nload %s\nload %s\nload\nshow\n' % (bad, missing))
            self.assertRegex(out, r'cannot load .*bad\.rami: .* \[RAMI_E_(PARSE|CORRUPT)\]')
            self.assertIn('cannot read %s: ' % missing, out)
            self.assertIn('usage: load FILE', out)
            shows = blocks(out, 'show')
            self.assertEqual(shows[0], shows[1])


class Help(unittest.TestCase):
    def test_help_command_lists_every_command(self):
        out, _ = run(['--seed', '1'], 'help\n')
        text = blocks(out, 'help')[0]
        for word in ('draw', 'take', 'meld', 'lay', 'swap', 'discard', 'undo', 'hint', 'moves',
                     'save FILE', 'load FILE', 'help', 'quit'):
            self.assertRegex(text, r'(?m)^  %s\b' % word)

    def test_hint_names_a_move_and_a_reason(self):
        out, _ = run(['--seed', '1'], 'hint\n')
        self.assertRegex(out, r'(?m)^hint: (draw|take)\n  because \S')

    def test_dash_dash_help_exits_0(self):
        out, err = run(['--help'])
        self.assertTrue(out.startswith('usage: rami-cli'))
        for opt in ('--preset', '--players', '--bots', '--seed', '--rounds', '--target',
                    '--watch', '--ascii', '--help'):
            self.assertIn(opt, out)
        self.assertEqual(err, '')


class Options(unittest.TestCase):
    def test_bad_options_exit_2(self):
        for args in (['--players', '7'], ['--players', '1'], ['--preset', '99'],
                     ['--bots', '3'], ['--seed', 'abc'], ['--seed'], ['--frobnicate'],
                     ['extra'], ['--rounds', '-1'], ['--watch=yes'], ['--target', '70000']):
            out, err = run(args, check_rc=2)
            self.assertEqual(out, '', args)
            self.assertIn('rami-cli: ', err)
            self.assertIn('--help', err)

    def test_good_option_forms(self):
        out, _ = run(['--seed=9', '--players=2', '--preset=51-house', '--watch', '--ascii',
                      '--bots=greedy'])
        self.assertIn('seed 9.', out)
        self.assertIn('== round 1: 2 players', out)


def seat_lines(out):
    return [line for line in out.splitlines() if re.match(r'^  seat \d', line)]


class Rules(unittest.TestCase):
    def show_rules(self, args):
        out, _ = run(args + ['--show-rules'])
        return dict(line.strip().split(' = ') for line in out.splitlines())

    def test_every_ruleset_choice_from_the_command_line(self):
        base = self.show_rules([])
        self.assertEqual((base['players'], base['match-rounds'], base['match-target']),
                         ('3', '0', '0'))
        for flag, name, want in ((['--closed'], 'layoff-others', 'off'),
                                 (['--strict'], 'go-out-by-meld', 'off'),
                                 (['--quick'], 'opening-points', '15'),
                                 (['--joker-choice'], 'joker-choice', 'on'),
                                 (['--pickup-must-meld'], 'pickup-must-meld', 'on'),
                                 (['--no-joker-swap'], 'joker-swap', 'off'),
                                 (['--rounds', '3'], 'match-rounds', '3'),
                                 (['--target=100'], 'match-target', '100'),
                                 (['--match-rounds', '4'], 'match-rounds', '4'),
                                 (['--max-restocks', 'unlimited'], 'max-restocks', '255'),
                                 (['--hand-size', '9'], 'hand-size', '9')):
            self.assertEqual(self.show_rules(flag)[name], want, flag)
        fin = self.show_rules(['--preset', 'finnish', '--players', '6'])
        self.assertEqual(fin['hand-size'], '6')

    def test_refused_values(self):
        for args, message in ((['--rounds', '0'], "bad value for --rounds: '0' (a number 1..65535)"),
                              (['--target=0'], "bad value for --target: '0'"),
                              (['--match-rounds', '0'], "bad value for --match-rounds: '0'"),
                              (['--hand-size', '40'], 'the library refuses these rules: hand_size is 40'),
                              (['--jokers-per-meld', '0'], 'the library refuses these rules: jokers_per_meld is 0')):
            out, err = run(args, check_rc=2)
            self.assertEqual(out, '')
            self.assertIn('rami-cli: ' + message, err)

    def test_names_in_the_banner(self):
        out, _ = run(['--watch', '--seed', '3', '--preset', '40', '--players', '2', '--bots', '0'])
        self.assertTrue(out.startswith('Rami 40, 2 players (librami '), out[:80])
        out, _ = run(['--watch', '--seed', '3', '--preset', 'finnish', '--closed', '--bots', '0'])
        self.assertTrue(out.startswith('Finnish rami, 3 players (librami '))
        self.assertIn('\nRules changed: no-layoff-others\n', out)
        out, _ = run(['--seed', '3', '--preset', 'finnish', '--bots', '0'], '')
        self.assertIn('Discard: 2D (1 card in the pile)   Stock: 23 cards\n', out)
        self.assertRegex(out, r'(?m)^  seat 1 \(bot\) 10 cards  not opened total 0$')

    def test_help_offers_only_what_the_rules_allow(self):
        out, _ = run(['--seed', '1'], 'help\n')
        text = blocks(out, 'help')[0]
        self.assertNotIn('high', text)  # JOKER_CHOICE is off in every preset
        self.assertRegex(text, r'(?m)^  meld 7S 8S 9S +lay a new meld$')
        self.assertRegex(text, r'(?m)^  swap 6S on 2 ')
        self.assertIn('(it may not be discarded this turn)', text)
        out, _ = run(['--seed', '1', '--joker-choice', '--no-joker-swap', '--closed',
                      '--pickup-must-meld'], 'help\n')
        text = blocks(out, 'help')[0]
        self.assertRegex(text, r'(?m)^  meld JK 8S 9S \[low\|high\] +lay a new meld \(low/high')
        self.assertRegex(text, r'(?m)^  lay JK on 2 \[low\|high\] .*\(your own melds: closed rami\)')
        self.assertNotRegex(text, r'(?m)^  swap')
        self.assertIn('(it must be played this turn)', text)

    def test_help_and_version(self):
        out, _ = run(['--help'])
        for text in ('--load FILE', '--version', '--closed', '--[no-]joker-choice',
                     '--match-rounds N', 'until you quit', 'hot seat'):
            self.assertIn(text, out)
        out, err = run(['--version'])
        self.assertRegex(out, r'^rami-cli \d+\.\d+\.\d+ \(librami \d+\.\d+\.\d+\)\n$')
        self.assertEqual(err, '')


class Typing(unittest.TestCase):
    def test_mistakes_get_specific_messages(self):
        script = ['draw 5', 'take it', 'draw', 'meld 1 2', 'meld 7S', 'meld 7X 8S 9S',
                  'meld 1 2 3 4 5 6 7 8 9 10 11 12 13 14', 'lay 1', 'lay 1 on', 'lay 1 on x',
                  'lay 1 on 0', 'swap 1', 'discard', 'discard 1 2', 'discard QQ', 'quit']
        out, _ = run(['--seed', '5', '--bots', '1'], '\n'.join(script) + '\n')
        expect = {
            'draw 5': 'draw takes no card: it draws the top card of the stock',
            'take it': 'take takes no card: it takes the top card of the discard pile',
            'meld 1 2': 'a meld needs at least 3 cards',
            'meld 7S': 'a meld needs at least 3 cards',
            'meld 7X 8S 9S': '"7X" is not a card (ranks A 2-10 J Q K, suits C D H S, JK for a joker, or a position in your hand)',
            'meld 1 2 3 4 5 6 7 8 9 10 11 12 13 14': 'a meld holds at most 13 cards',
            'lay 1': 'lay needs: lay CARD on N (N: a table meld as numbered)',
            'lay 1 on': 'lay needs: lay CARD on N (N: a table meld as numbered)',
            'lay 1 on x': 'lay needs: lay CARD on N (N: a table meld as numbered)',
            'lay 1 on 0': 'table melds are numbered from 1',
            'swap 1': 'swap needs: swap CARD on N (N: a table meld as numbered)',
            'discard': 'discard needs a card: discard KH, or its position: discard 5',
            'discard 1 2': 'discard takes one card',
            'discard QQ': '"QQ" is not a card (ranks A 2-10 J Q K, suits C D H S, JK for a joker, or a position in your hand)',
        }
        for command, message in expect.items():
            self.assertEqual(blocks(out, command)[0], message, command)
        self.assertNotIn('cannot read', out)
        # Legality stays the library's: a well-formed illegal meld gets its reason.
        out, _ = run(['--seed', '5', '--bots', '1'], 'draw\nmeld 2C 3D 4H\n')
        self.assertRegex(blocks(out, 'meld 2C 3D 4H')[0], r'^illegal: .+ \[RAMI_E_\w+\]$')

    def test_a_line_holding_a_nul_byte_is_one_line(self):
        p = subprocess.run([CLI, '--seed', '5', '--bots', '1'], input=b'x\0y\nquit\nshow\n',
                           capture_output=True, timeout=600)
        out = p.stdout.decode()
        self.assertIn('that line holds a NUL byte: ignored\nseat 0> quit\n'
                      'Round 1 is in progress and will be lost.\n', out)
        self.assertIn('Quit? (yes | no | save FILE, then quit) show\nnot quitting', out)

    def test_load_of_a_directory(self):
        with tempfile.TemporaryDirectory() as tmp:
            out, _ = run(['--seed', '5'], 'load %s\n' % tmp)
            self.assertIn('cannot read %s: Is a directory' % tmp, out)
            self.assertNotIn('too large', out)
            _, err = run(['--load', tmp], check_rc=1)
            self.assertIn('rami-cli: cannot read %s: Is a directory' % tmp, err)


class Match(unittest.TestCase):
    def test_quit_asks_while_a_round_is_in_progress(self):
        out, _ = run(['--seed', '5', '--bots', '1'], 'quit\nno\nshow\nquit\ny\nshow\n')
        self.assertEqual(out.count('Round 1 is in progress and will be lost.'), 2)
        self.assertIn('not quitting: the game goes on\nseat 0> show', out)
        self.assertEqual(len(blocks(out, 'show')), 1)  # the second show never ran
        self.assertIn('Totals when you left, in round 1: seat 0 (you) 0, seat 1 (bot) 0, '
                      'seat 2 (bot) 0', out)

    def test_quit_offers_to_save_and_load_goes_on(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, 'g.rami')
            out, _ = run(['--seed', '5', '--bots', '1'], 'draw\nquit\nsave %s\nshow\n' % path)
            self.assertIn('saved to %s\n' % path, out)
            self.assertNotIn('seat 0> show', out)
            out2, _ = run(['--load', path, '--bots', '1'], 'show\nquit\nyes\n')
            self.assertIn('Loaded %s: round 1, 3 players' % path, out2)
            self.assertIn('== round 1: 3 players, dealer seat 2, turn 1, seat 0 to play ==', out2)
            self.assertEqual(blocks(out2, 'show')[0], position(out, -1).join(['\n', '']))

    def test_an_open_match_goes_on_until_the_player_stops(self):
        out, _ = run(['--watch', '--seed', '8', '--bots', '1'], '\n\nquit\n')
        self.assertIn('== round 3 over: ', out)
        self.assertIn('Totals after round 1: seat 0 (bot) ', out)
        self.assertIn('Enter: deal round 2, quit: end the match> \n', out)
        self.assertIn('Enter: deal round 4, quit: end the match> quit\n', out)
        self.assertIn('== match over after 3 rounds ==', out)
        totals = re.findall(r'(?m)^Totals after round (\d): (.*)$', out)
        self.assertEqual([t[0] for t in totals], ['1', '2', '3'])


class Seats(unittest.TestCase):
    def test_hot_seat_hands_the_terminal_over(self):
        out, _ = run(['--seed', '6', '--bots', 'none', '--players', '2', '--rounds', '1'],
                     '\ndraw\ndiscard 1\n\ndraw\n')
        self.assertIn("== seat 0's turn: pass the terminal to seat 0 ==", out)
        before, after = out.split("== seat 1's turn: pass the terminal to seat 1 ==\n")
        self.assertNotIn('Hand of seat 1', before)
        self.assertTrue(after.startswith('seat 1, press Enter to see your hand: \n\n-- round 1'))
        self.assertIn('Hand of seat 1:', after)

    @unittest.skipUnless(sys.platform.startswith('linux'), 'needs a Linux pseudo-terminal')
    def test_hot_seat_clears_the_screen(self):
        out = run_in_terminal(['--seed', '6', '--bots', 'none', '--players', '2'],
                              '\ndraw\ndiscard 1\n\nquit\nyes\n', 'C')
        cleared = out.split('\033[H\033[2J')
        self.assertEqual(len(cleared), 3)
        self.assertNotIn('Hand of seat 0', cleared[2])
        self.assertIn('Hand of seat 1', cleared[2])


class Damaged(unittest.TestCase):
    def test_a_damaged_save_names_the_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, 'g.rami')
            run(['--seed', '21', '--bots', '1'], 'draw\ndiscard 1\ndraw\nsave %s\n' % path)
            with open(path, encoding='ascii') as f:
                lines = f.read().split('\n')
            first = lines.index('round 1') + 2  # 1-based number of the first move line
            if lines[first - 1].startswith('dealer '):  # record version 2
                first += 1
            cases = []
            bad = list(lines)
            bad[first] = 'discard 2C'
            cases.append((bad, r'line %d: "discard 2C" \(seat 0\) is illegal: .+ \[RAMI_E_\w+\]' % (first + 1)))
            bad = list(lines)
            bad[first - 1] = 'dance'
            cases.append((bad, r'line %d: "dance" is not a move' % first))
            bad = list(lines)
            bad[first - 1] = 'DRAW'
            cases.append((bad, r'line %d: "DRAW" is not written as a record writes it \("draw"\)' % first))
            bad = [l.replace('hand_size=13', 'hand_size=99') for l in lines]
            cases.append((bad, r'the header \(lines 1 to \d\) is damaged'))
            cases.append((lines[:-2] + [''], r'the record ends after line \d+ without its "end" line'))
            for text, message in cases:
                with open(path, 'w', encoding='ascii') as f:
                    f.write('\n'.join(text))
                _, err = run(['--load', path], check_rc=1)
                self.assertRegex(err, r'^rami-cli: cannot load .*: .* \[RAMI_E_(PARSE|CORRUPT)\]\n  ' + message, err)
                out, _ = run(['--seed', '3'], 'load %s\nquit\nyes\n' % path)
                self.assertRegex(blocks(out, 'load %s' % path)[0], '  ' + message)


if __name__ == '__main__':
    case = sys.argv[2] if len(sys.argv) > 2 else 'all'
    loader = unittest.defaultTestLoader
    if case == 'all':
        suite = loader.loadTestsFromModule(sys.modules[__name__])
    else:
        suite = loader.loadTestsFromTestCase(globals()[case])
    ok = unittest.TextTestRunner(verbosity=2).run(suite).wasSuccessful()
    sys.exit(0 if ok else 1)
