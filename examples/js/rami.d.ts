// TypeScript declarations of rami.js (the whole public API).
// test/types.test.mjs checks that every runtime name is declared here and
// compiles test/usage.ts against this file with tsc --strict when
// typescript is installed.

/** A card in the library's spelling: '7S', '10H', 'AC', 'KD', 'JK' (joker);
 * '7?' only as what a joker stands for in a set. */
export type Card = string;

export type Seat = number;

export type StatusName =
  | 'RAMI_OK'
  | 'RAMI_E_ARG'
  | 'RAMI_E_NOMEM'
  | 'RAMI_E_BUFFER'
  | 'RAMI_E_PARSE'
  | 'RAMI_E_RULESET'
  | 'RAMI_E_TURN'
  | 'RAMI_E_PHASE'
  | 'RAMI_E_NOT_IN_HAND'
  | 'RAMI_E_MELD'
  | 'RAMI_E_OPENING'
  | 'RAMI_E_NOT_OPENED'
  | 'RAMI_E_LAYOFF'
  | 'RAMI_E_CLOSED'
  | 'RAMI_E_SWAP'
  | 'RAMI_E_PICKED'
  | 'RAMI_E_JOKER_REPLAY'
  | 'RAMI_E_MUST_DISCARD'
  | 'RAMI_E_PICKUP'
  | 'RAMI_E_UNDO'
  | 'RAMI_E_CORRUPT'
  | 'RAMI_E_INTERNAL'
  | 'RAMI_E_LIMIT'
  | 'RAMI_E_OPENING_TURN'
  | 'RAMI_E_PICKUP_MELD'
  | 'RAMI_E_JOKER_DISCARD';

/** A failed library call. */
export declare class RamiError extends Error {
  constructor(status: number, code: string, reason: string, refusal?: Refusal | null);
  readonly name: 'RamiError';
  /** The library's status: a negative RAMI_E_* value. */
  readonly status: number;
  /** The status's name, e.g. 'RAMI_E_MELD' (the same as statusName). */
  readonly code: StatusName | string;
  readonly statusName: StatusName | string;
  /** The library's English reason, or the status's sentence. */
  readonly reason: string;
  /** A refused move (play, playAction, check): what it is about; else null. */
  readonly refusal: Refusal | null;
}

/** What a refused move is about (rami_refusal of rami_game_check_ex), for a
 * program to word the refusal itself or to point at the cards. */
export interface Refusal {
  status: number;
  statusName: StatusName | string;
  /** RAMI_E_TURN: the seat to move; RAMI_E_CLOSED: the meld's owner; else the player. */
  seat: Seat;
  /** A lay-off's or swap's table meld, or null. */
  target: number | null;
  /** The opening requirement. */
  pointsNeeded: number;
  /** The value laid this turn before this move. */
  pointsLaid: number;
  /** The phase the move did not fit (RAMI_E_PHASE). */
  phase: Phase;
  /** The card(s) the refusal is about: the missing ones (NOT_IN_HAND), the
   * card taken (PICKED, PICKUP, PICKUP_MELD), a joker (JOKER_REPLAY), none
   * (TURN, PHASE, ARG), else the move's cards. */
  cards: Card[];
}

/** The state of the current turn (rami_turn_info); outside the play phase
 * the turn fields are 0 / false / null. */
export interface TurnInfo {
  player: Seat;
  phase: Phase;
  /** The seat has opened this round (also in this turn). */
  opened: boolean;
  openedThisTurn: boolean;
  /** Value of the melds laid this turn (what counts toward the opening). */
  pointsLaid: number;
  /** The ruleset's opening requirement. */
  openingPoints: number;
  meldsLaid: number;
  /** Plays of this turn undo() can take back. */
  undoCount: number;
  /** Taken from the discard pile this turn. */
  picked: Card | null;
  /** pickup_must_meld: the picked card, still to be melded or laid off. */
  mustPlay: Card | null;
  /** joker_replay: retrieved jokers still to be played this turn. */
  jokersToReplay: number;
  /** open_pure_run: the opening still lacks a run without joker. */
  pureRunNeeded: boolean;
  /** keep_pickup: the face that may not be discarded. */
  mayNotDiscard: Card | null;
}

export type EventKind = MoveKind | 'restock' | 'opened' | 'round_end';
/** rami_return_kind (doc/actions.md, "Returns"). */
export type ReturnKind = 'relative' | 'penalty' | 'win';

/** One event of the round's history (rami_event), as a seat may know it. */
export interface HistoryEvent {
  kind: EventKind;
  /** Who moved; restock: whose turn it begins; round_end: who moved last. */
  seat: Seat;
  /** Turn of the round, from 1. */
  turn: number;
  /** meld: in table order; take: the card taken; draw: the card drawn, only
   * when the viewer may see it (else []); lay, swap (the card given for the
   * joker), discard: the card. */
  cards: Card[];
  /** meld: the new table meld's index; lay, swap: the table meld; else null. */
  target: number | null;
  /** meld: its value; opened: the value laid in the turn; restock: the new stock's size. */
  points: number;
  /** The move of a move event (a draw without its card), else null. */
  move: Move | null;
  /** The move's notation ('' for the other events). */
  text: string;
  /** round_end: why the round ended; else null. */
  endReason: EndReason | null;
}

/** Options of Game.hint(): the bot's hint within this budget. */
export interface HintOptions {
  /** Default 'strong'. */
  level?: BotLevel;
  seed?: Seed;
  playouts?: number;
  timeMs?: number;
}

export type PresetName = '51' | '40' | '51-house' | '40-house' | 'finnish';
export type OptionName =
  | 'layoff_others'
  | 'go_out_by_meld'
  | 'keep_pickup'
  | 'pickup_must_meld'
  | 'joker_swap'
  | 'joker_replay'
  | 'open_pure_run'
  | 'joker_choice'
  | 'open_turn_layoff'
  | 'no_joker_discard'
  | 'no_joker_out'
  | 'one_go_double'
  | 'elimination'
  | 'low_hand_zero'
  | 'set_swap_any';
export type Phase = 'draw' | 'play' | 'round_over' | 'match_over';
export type EndReason = 'none' | 'went_out' | 'stock_out' | 'turn_limit';
export type MeldKind = 'none' | 'set' | 'run';
export type MoveKind = 'draw' | 'take' | 'meld' | 'lay' | 'swap' | 'discard';
export type Side = 'auto' | 'low' | 'high';
export type BotLevel = 'random' | 'greedy' | 'strong';
export type SolveGoal = 'max_points' | 'min_penalty';
export type Seed = number | bigint;

/** Every field of rami_ruleset (doc/rules.md §9). */
export interface RulesetFields {
  players: number;
  decks: number;
  jokers: number;
  handSize: number;
  openingPoints: number;
  jokersPerMeld: number;
  /** 255 = unlimited. */
  maxRestocks: number;
  /** 0 = no cap. */
  maxTurns: number;
  jokerPenalty: number;
  acePenalty: number;
  /** Option names, or the RAMI_OPT_* bits as a number. */
  options: OptionName[] | number;
  matchRounds: number;
  matchTarget: number;
  /** Points of a seat that has not opened when another goes out; 0 = its hand. */
  unopenedPenalty: number;
}

/** Whether the library accepts something, and why not. */
export interface Verdict {
  ok: boolean;
  status: number;
  code: StatusName | string;
  /** The library's reason ('' when ok). */
  reason: string;
  /** Game.check: what a refused move is about (null when ok, and for rulesets). */
  refusal?: Refusal | null;
}

/** A move as a plain value. target is the 0-based table meld of a lay or
 * swap (null otherwise); text is the move notation ('lay 9S on 2'). */
export interface Move {
  kind: MoveKind;
  cards: Card[];
  target: number | null;
  side: Side;
  text: string;
}

/** What play(), check() and friends accept: a Move (text is ignored,
 * target and side optional) or move notation. */
export type MoveInput =
  | string
  | { kind: MoveKind; cards?: Array<Card | number>; target?: number | null; side?: Side; text?: string };

export interface MeldInfo {
  kind: MeldKind;
  points: number;
  /** Table order: runs low to high with the joker in its place. */
  cards: Card[];
  /** What the (first) joker stands for, or null. */
  jokerAs: Card | null;
}

export interface TableMeld extends MeldInfo {
  index: number;
  owner: Seat;
}

export interface MeldCheck extends MeldInfo {
  valid: boolean;
}

export interface RoundResult {
  reason: EndReason;
  winners: Seat[];
  handValues: number[];
  points: number[];
}

export interface Solution {
  melds: MeldInfo[];
  left: Card[];
  points: number;
  penalty: number;
}

export interface CardInfo {
  text: Card;
  code: number;
  /** 1 (ace) .. 13 (king); 0 for the joker. */
  rank: number;
  suit: 'C' | 'D' | 'H' | 'S' | null;
  joker: boolean;
}

export interface BotOptions {
  level?: BotLevel;
  seed?: Seed;
  /** Strong bot: simulated games per decision (0 = default). */
  playouts?: number;
  /** Strong bot: stop sampling after this many milliseconds (0 = no limit). */
  timeMs?: number;
}

export interface Hint {
  move: Move;
  reason: string;
}

/** An exact position for Game.fromDeal. */
export interface Deal {
  /** The seat after the dealer plays first. */
  dealer?: Seat;
  hands: Card[][];
  /** The last card is drawn first. */
  stock: Card[];
  /** The last card is the top. */
  discard?: Card[];
}

/** The library's per-seat view (doc/record-format.md, "Views"). */
export interface View {
  version: number;
  viewer: number;
  ruleset: Record<string, unknown> & { players: number; options: OptionName[]; options_bits: number };
  round: number;
  turn: number;
  dealer: Seat;
  current: Seat;
  phase: Phase;
  restocks: number;
  seats: Array<{ seat: Seat; opened: boolean; hand_count: number; total: number }>;
  hand?: Card[];
  hands?: Card[][];
  melds: Array<{ index: number; owner: Seat; kind: 'set' | 'run'; cards: Card[]; points: number; joker_as: Card | null }>;
  discard: Card[];
  stock_count: number;
  stock?: Card[];
  picked: Card | null;
  moves: Array<{ seat: Seat; move: string; card?: Card }>;
  result: null | { reason: EndReason; winners: Seat[]; hand_value: number[]; points: number[] };
  match_winners: Seat[] | null;
}

export declare class Ruleset implements RulesetFields {
  constructor(fields?: Partial<RulesetFields>);
  static preset(name: PresetName, players?: number): Ruleset;
  /** Whether the library accepts this ruleset, with its reason. */
  check(): Verdict;
  players: number;
  decks: number;
  jokers: number;
  handSize: number;
  openingPoints: number;
  jokersPerMeld: number;
  maxRestocks: number;
  maxTurns: number;
  jokerPenalty: number;
  acePenalty: number;
  options: OptionName[] | number;
  matchRounds: number;
  matchTarget: number;
  /** Points of a seat that has not opened when another goes out; 0 = its hand. */
  unopenedPenalty: number;
}

/** One match. Free it with free() (a FinalizationRegistry frees forgotten
 * games eventually). Every method throws RamiError on bad input. */
export declare class Game {
  constructor(ruleset: Ruleset | RulesetFields, seed?: Seed);
  static fromDeal(ruleset: Ruleset | RulesetFields, deal: Deal, seed?: Seed): Game;
  static load(text: string): Game;

  free(): void;
  readonly freed: boolean;
  clone(): Game;
  determinize(viewer: Seat, seed?: Seed): Game;

  readonly phase: Phase;
  /** phase is 'draw' or 'play'. */
  readonly inPlay: boolean;
  readonly currentPlayer: Seat;
  readonly dealer: Seat;
  readonly round: number;
  readonly turn: number;
  readonly players: number;
  readonly ruleset: Ruleset;
  readonly seed: bigint;
  readonly stockCount: number;
  readonly discardCount: number;
  readonly discardTop: Card | null;
  readonly picked: Card | null;

  hand(seat: Seat): Card[];
  /** The size of a seat's hand (what every seat may know). */
  handCount(seat: Seat): number;
  /** The whole discard pile, bottom first (the last is the top). */
  discardPile(): Card[];
  /** Plays of this turn undo() can take back now. */
  undoCount(): number;
  turnInfo(): TurnInfo;
  /** The round's events as viewer may know them (-1, the default: everything). */
  history(viewer?: Seat | -1 | -2): HistoryEvent[];
  hasOpened(seat: Seat): boolean;
  /** False once an elimination match (option 'elimination') has put the seat out. */
  inMatch(seat: Seat): boolean;
  melds(): TableMeld[];
  meld(index: number): TableMeld;
  scores(): number[];
  roundResult(): RoundResult;
  matchWinners(): Seat[];

  legalMoves(): Move[];
  legalMoveCount(): number;
  check(move: MoveInput, seat?: Seat): Verdict;
  play(move: MoveInput, seat?: Seat): void;
  undo(seat?: Seat): void;
  nextRound(): void;

  /** Action ids are 0..numDistinctActions-1 (doc/actions.md). */
  readonly numDistinctActions: number;
  /** The legal moves' ids, ascending. */
  legalActions(): Int32Array;
  /** numDistinctActions bytes: 1 for each legal id. */
  legalActionsMask(): Uint8Array;
  /** The most actions one round can take (0: no turn cap, no bound). */
  readonly maxGameLength: number;
  /** Per-seat returns once the round (with {match: true}: the match) is over. */
  returns(kind?: ReturnKind, options?: { match?: boolean }): number[];
  /** What viewer may see now (doc/observations.md). */
  observationTensor(viewer: Seat): Float32Array;
  /** The observation plus what viewer saw happen this round. */
  informationStateTensor(viewer: Seat): Float32Array;
  moveToAction(move: MoveInput): number;
  actionToMove(id: number): Move;
  playAction(id: number, seat?: Seat): void;

  botMove(level?: BotLevel | BotOptions): Move;
  playBot(level?: BotLevel | BotOptions): Move;
  /** Without options the default hint; with them rami_game_hint_with. */
  hint(options?: HintOptions): Hint;

  save(): string;
  viewJson(viewer: Seat | -1 | -2): string;
  view(viewer: Seat | -1 | -2): View;
}

export interface MemoryFigures {
  /** Bytes malloc has handed out and not taken back. */
  heapUsed: number;
  /** Size of the WebAssembly memory. */
  memoryBytes: number;
  /** Game handles not yet freed. */
  liveGames: number;
}

/** The library bound to one instance of rami.wasm. */
export interface Rami {
  readonly Ruleset: typeof Ruleset;
  readonly Game: typeof Game;
  readonly RamiError: typeof RamiError;
  /** The library's version ("1.0.0"). */
  readonly version: string;
  /** The same as MAJOR * 10000 + MINOR * 100 + PATCH (10000). */
  readonly versionNumber: number;
  /** The version of the rami.h the module was compiled with. */
  readonly headerVersion: string;
  /** The header's constants (RAMI_MAX_HAND, RAMI_JOKER, ...). */
  readonly constants: Readonly<Record<string, number>>;
  readonly presets: readonly PresetName[];
  readonly levels: readonly BotLevel[];
  readonly options: readonly OptionName[];
  card(card: Card | number): CardInfo;
  parseCard(text: string): Card;
  parseCards(text: string): Card[];
  parseMove(text: string): Move;
  formatMove(move: MoveInput): string;
  meldCheck(cards: Array<Card | number>, ruleset?: Ruleset | RulesetFields | null): MeldCheck;
  solveHand(cards: Array<Card | number>, goal?: SolveGoal, ruleset?: Ruleset | RulesetFields): Solution;
  strerror(status: number): string;
  statusName(status: number): StatusName | string;
  memory(): MemoryFigures;
}

export interface LoadOptions {
  /** rami.wasm as a URL or path, bytes, a fetch Response or a compiled
   * module (default: rami.wasm next to rami.js). */
  wasm?: string | URL | ArrayBuffer | ArrayBufferView | Response | WebAssembly.Module;
}

export declare function load(options?: LoadOptions): Promise<Rami>;
