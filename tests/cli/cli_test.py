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
        self.assertRegex(out, r'(?m)^Round winner\(s\): seat \d')
        self.assertIn('== match over after 1 round(s) ==', out)
        self.assertRegex(out, r'(?m)^Match winner\(s\): seat \d')
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
        self.assertIn('== match over after 2 round(s) ==', out)
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
        out = run_in_terminal(['--seed', '2', '--players', '2'], 'quit\n', 'C.UTF-8')
        self.assertIn('1:A\u2663 ', out)
        self.assertIn('\033[31m7\u2666\033[0m', out)

    def test_ascii_on_request_or_without_utf8(self):
        for args, lang in ((['--ascii'], 'C.UTF-8'), ([], 'C')):
            out = run_in_terminal(['--seed', '2', '--players', '2'] + args, 'quit\n', lang)
            self.assertIn('1:AC 2:7C ', out)
            self.assertTrue(out.isascii())


class Human(unittest.TestCase):
    def test_draw_and_discard_until_the_round_ends(self):
        out, _ = run(['--seed', '5', '--bots', '1'], 'draw\ndiscard 1\n' * 400)
        self.assertNotIn('illegal', out)
        self.assertNotIn('(end of input)', out)
        self.assertIn('== match over after 1 round(s) ==', out)
        self.assertRegex(out, r'(?m)^seat 0: draw \(you drew \S+\)$')
        self.assertRegex(out, r'(?m)^seat 0: discard \S+$')
        self.assertRegex(out, r'(?m)^seat 1: ')
        self.assertIn('Hand of seat 0: 1:', out)

    def test_hot_seat_and_positions(self):
        out, _ = run(['--seed', '6', '--bots', 'none', '--players', '2'],
                     'draw\ndiscard 14\n' * 400)
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
        self.assertIn('seat 0: took the last play back', out)
        self.assertEqual(position(out, 1), position(out, 4))
        self.assertIn('Table: no melds yet', position(out, 4))
        self.assertIn('cannot undo: nothing to take back [RAMI_E_UNDO]', out)


class Illegal(unittest.TestCase):
    def test_illegal_commands_print_the_reason_and_change_nothing(self):
        script = ['discard 1', 'draw', 'show', 'moves', 'discard 1 2', 'meld 1 1 2',
                  'meld 1 2 99', 'discard AS AS', 'lay 1 on 9', 'swap 1 on 1', 'take',
                  'undo', 'dance', 'discard', 'show', 'moves', 'quit']
        out, _ = run(['--seed', '5', '--bots', '1'], '\n'.join(script) + '\n')
        self.assertIn('illegal: draw a card first [RAMI_E_PHASE]', out)
        self.assertIn('position 1 is named twice', out)
        self.assertIn('no card at position 99: the hand holds 14 cards', out)
        self.assertIn('cannot read "discard AS AS" as a move', out)
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


if __name__ == '__main__':
    case = sys.argv[2] if len(sys.argv) > 2 else 'all'
    loader = unittest.defaultTestLoader
    if case == 'all':
        suite = loader.loadTestsFromModule(sys.modules[__name__])
    else:
        suite = loader.loadTestsFromTestCase(globals()[case])
    ok = unittest.TextTestRunner(verbosity=2).run(suite).wasSuccessful()
    sys.exit(0 if ok else 1)
