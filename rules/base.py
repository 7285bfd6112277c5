"""One base for every game: moves declared once, guarded in one place, listed on request.

In the manner of boardgame.io's game object and python-chess's ``Board``: a game declares
its moves — who may make each one (the table, a player, anyone), in which phases, with which
arguments, and any further condition of the game ("only the Tribal Council Leader") — and
the base does the rest:

- ``apply(state, action)`` checks those guards, each refusal one sentence, then runs the move;
- ``legal_moves(state, actor)`` answers from the same declarations, so a screen offers a
  button exactly when the rules would accept that move from that actor now;
- ``describe(before, action, after)`` writes the history line from the states on both sides
  (the caller has applied the move: it is never applied again);
- ``setup(players, options)`` checks the players (how many, from ``min_players`` and
  ``max_players``; a name each, their own, not the table screen's) and the options against
  their schema (name, kind, default, allowed values, the sentence that explains it) before the
  game makes its first state, so a game's ``new_game`` checks only its own further rules.

A game may also guard every move at once (``guard(state, actor)``: the game is over, a
stranger at the table), read before each move's own guards by ``apply`` and ``legal_moves``
alike.

A refusal by a guard is a :class:`MoveNotAllowed` (a ``RuleError``): the move is not one this
actor may make now. Any other ``RuleError`` comes from the move itself (its arguments or the
finer rules of the game).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from . import TABLE, Action, Outcome, RuleError, VoteCall
from .words import Clause, Either, Message, Phrase, Speaker, second_person

# the shared base's own sentences (rules/locale/<lang>/LC_MESSAGES/rules.po): said on each
# screen in its language, as every game's are
_ = Speaker("rules", "rules.base")

TABLE_ONLY, PLAYER, ANYONE = "table", "player", "anyone"


class MoveNotAllowed(RuleError):
    """This move is not one this actor may make now (wrong name, actor, phase or turn)."""


@dataclass(frozen=True)
class Move:
    """A move as the game declares it.

    ``run(state, action) -> state`` does the move (and raises ``RuleError`` for bad
    arguments). ``by`` is ``"table"``, ``"player"`` or ``"anyone"``. ``phases`` lists the
    phases it belongs to (empty: every phase). ``args`` names the arguments it takes (any
    other is refused). ``allowed(state, actor) -> sentence | None`` is a further guard of the
    game: the sentence says why this actor may not make the move now. ``describe(before,
    action, after) -> str`` is its history line. ``internal`` moves come from the companion
    itself (the counted result of a vote), never from a screen, and are never listed.
    ``not_now`` and ``not_yours`` are the game's own sentences for a move out of its phase
    and for an actor who may not make it (the base has plain ones); ``not_now`` may also be
    a function of the state, to name what the table is waiting for. ``chance(state, args,
    source) -> args`` names the dice and shuffles the move needs that the screen did not
    bring (a die read off the real one comes in the args and is kept): ``source`` has
    ``rolls(n, sides=6)``, ``face(faces)`` and ``shuffled(items)``; the companion supplies it,
    and the filled-in action is what the log keeps, so replay and undo stay exact.
    ``dealt`` names the arguments of ``chance`` that only the companion may fill (a secret
    deal, say the roles of a hidden-role game): a caller who types one, the host key included,
    is refused; the others may be typed (a die read off the real one).
    ``awaited=False`` marks a move open most of the game that nobody waits for (drawing in
    one's own castle): a device handed around does not pass itself on for it; ``awaited`` may
    also be a function ``(state, actor) -> bool`` (a card anyone may play, awaited from the
    player whose Forced Play turn it is).
    ``secret=True`` marks a move the table must not learn of (Survivor's Extra Vote cards, "So
    no one can hear how many votes are being cast"): it writes no history line, so nothing on
    the table says that anyone acted, nor who; and it is not awaited unless ``awaited`` says
    so, so a device handed around never names its actor as the one to pass to.
    """

    name: str
    run: Callable[[Any, Action], Any]
    by: str = TABLE_ONLY
    phases: frozenset[str] = frozenset()
    args: frozenset[str] = frozenset()
    allowed: Callable[[Any, str], str | None] | None = None
    describe: Callable[[Any, Action, Any], str] | None = None
    internal: bool = False
    not_now: str | Callable[[Any], str] = ""
    not_yours: str = ""
    chance: Callable[[Any, Mapping[str, Any], Any], Mapping[str, Any]] | None = None
    awaited: bool | Callable[[Any, str], bool] | None = None  # None: unless secret
    dealt: frozenset[str] = frozenset()
    secret: bool = False


def move(name: str, run, *, by: str = TABLE_ONLY, phases: Sequence[str] = (),
         args: Sequence[str] = (), allowed=None, describe=None, internal: bool = False,
         not_now: str = "", not_yours: str = "", chance=None, awaited=None,
         dealt: Sequence[str] = (), secret: bool = False) -> Move:
    """Declare a move (a small helper so that move tables read as a list)."""
    if set(dealt) - set(args) or (dealt and chance is None):
        raise ValueError(f"{name}: dealt arguments are arguments its chance fills.")
    if secret and describe is not None:
        raise ValueError(f"{name}: a secret move has no history line to describe.")
    return Move(name, run, by, frozenset(phases), frozenset(args), allowed, describe, internal,
                not_now, not_yours, chance, awaited, frozenset(dealt), secret)


CHANGE_PLACES = "change_places"


def change_places(reorder: Callable[[Any, tuple[str, ...]], Any], *, phases: Sequence[str] = (),
                  allowed=None, not_now: str = "") -> Move:
    """The move of a game whose players may change places during the game ("a player changes
    places"): ``Action(TABLE, "change_places", {"order": [names, clockwise]})``, the table's
    seats in their new order. The order names each of the game's players once (others seated
    at the table, out of the game, may be in it too); ``reorder(state, players)`` gets the
    game's players in that order and returns the state with its turn order so, whose turn it
    is staying with the same person. A game without this move keeps the seating it started
    with."""
    def run(state: Any, action: Action) -> Any:
        order = action.args.get("order")
        if (not isinstance(order, (list, tuple)) or any(not isinstance(p, str) for p in order)
                or len(set(order)) != len(order)):
            raise RuleError(_("The seating order names each player once."))
        playing = set(_players(state))
        missing = playing - set(order)
        if missing:
            raise RuleError(_("The seating order leaves out {names}.", names=tuple(sorted(missing))))
        return reorder(state, tuple(p for p in order if p in playing))

    def said(before: Any, action: Action, after: Any) -> Message:
        return _("The players changed places; clockwise now: {names}.",
                 names=tuple(action.args["order"]))
    return move(CHANGE_PLACES, run, phases=phases, args=["order"], allowed=allowed,
                describe=said, not_now=not_now, awaited=False)


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _players(state: Any) -> tuple[str, ...]:
    return tuple(getattr(state, "players", ()))


@dataclass(frozen=True)
class Option:
    """A setup option: its name, kind, default, allowed values, the sentence that explains
    it on the setup form and its label there (the name a screen reader gives its field).
    A default of None means "the rules decide" (from the players, say); None is then
    accepted as a value too.

    Kinds: ``"bool"`` (yes or no), ``"choice"`` (one of ``allowed``), ``"int"`` (a whole
    number, ``allowed`` is ``(low, high)``), ``"text"``, ``"player"`` (the name of one of the
    seated players: which is checked by the game, which knows its players), ``"list"`` and
    ``"mapping"`` (checked by the game). A ``"bool"`` whose default is None has three
    states: yes, no, or the rules decide. ``words`` says a choice's values (or an int's, or
    a three-state bool's) in words on the form, ``((value, words), ...)``; ``lines``: a text
    typed on several lines; ``buttons``: a choice drawn as a row of buttons (a tap picks),
    not radios; ``notes``: a sentence per value, ``((value, sentence), ...)``, shown under
    the field while that value is chosen; ``parts``: a ``"mapping"`` shown as one field per
    key, each part an ``Option`` whose name is the key (only the parts that differ from
    their default are given); ``fold``: the title of a fold the option is drawn in, closed
    until opened ("Show <fold>"), with the options next to it of the same fold (settings a
    table seldom changes: the form stays short, and opens a fold by itself once one of them
    is not its default).

    Every word the form shows (``sentence``, ``label``, each of ``words`` and ``notes``,
    ``fold``) may be a message of the game's catalog (``rules.words.Message``, from the
    game's ``Speaker``): the form says it in the table screen's language. A plain string is
    shown as it is (a game with no catalog). ``str()`` of a message is its English, what a
    refusal of a bad value says."""

    name: str
    kind: str
    default: Any
    sentence: str | Message
    allowed: tuple = ()
    label: str | Message = ""
    words: tuple[tuple[Any, str | Message], ...] = ()
    lines: int = 1
    buttons: bool = False
    notes: tuple[tuple[Any, str | Message], ...] = ()
    parts: tuple["Option", ...] = ()
    fold: str | Message = ""

    def said(self) -> str:
        """The option as a refusal names it: its label (its key only in words)."""
        return str(self.named())

    def named(self) -> str | Message:
        """The option's label as given (a message: said in each screen's language)."""
        return self.label or self.name.replace("_", " ").capitalize()

    def value_words(self, value: Any) -> Any:
        """An allowed value as the form says it (``words``), never the rules' own name: a
        sentence quoted whole, a message said in the screen's language (``str()``: English)."""
        words = dict(self.words).get(value) or ""
        if isinstance(words, Message):
            if str(words).endswith("."):  # a sentence: quoted whole, its full stop left off
                # Translators: a sentence quoted inside a refusal; keep the placeholder
                return _("\"{sentence}\"", sentence=Clause((words,)))
            return Phrase((words,))
        if not words:
            return str(value).replace("_", " ")
        if words.endswith("."):  # a sentence: quoted whole
            return f"\"{words.rstrip('.')}\""
        return words[0].lower() + words[1:] if words.startswith(("The ", "A ", "An ")) else words

    def check(self, value: Any) -> Any:
        """The value if it fits the option, else a refusal (a message of the base's catalog,
        naming the option by its label: said in each screen's language)."""
        if value is None and self.default is None:
            return None
        named = self.named()
        if self.kind == "list":
            if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
                raise RuleError(_("{option}: give a list.", option=named))
        elif self.kind == "mapping":
            if not isinstance(value, Mapping):
                raise RuleError(_("{option}: give named values.", option=named))
        elif self.kind == "bool":
            if not isinstance(value, bool):
                raise RuleError(_("{option}: answer yes or no.", option=named))
        elif self.kind == "int":
            low, high = self.allowed or (None, None)
            if not isinstance(value, int) or isinstance(value, bool) or (
                    low is not None and not low <= value <= high):
                raise RuleError(_("{option}: a whole number.", option=named) if low is None
                                else _("{option}: a whole number from {low} to {high}.",
                                       option=named, low=low, high=high))
        elif self.kind == "choice":
            if not _hashable(value) or value not in self.allowed:
                raise RuleError(_("{option}: choose {choices}.", option=named, choices=Either(
                    self.value_words(a) for a in self.allowed)))
        elif self.kind in ("text", "player"):
            if not isinstance(value, str):
                raise RuleError(_("{option}: type it as text.", option=named))
        return value

    def schema(self) -> dict[str, Any]:
        """The option as data for the setup form the screens draw from it (its words as
        given: strings, or messages the form says in its screen's language)."""
        return {"name": self.name, "kind": self.kind, "default": self.default,
                "allowed": list(self.allowed), "sentence": self.sentence,
                "label": self.label or self.name, "words": [list(w) for w in self.words],
                "lines": self.lines, "buttons": self.buttons,
                "notes": [list(n) for n in self.notes],
                "parts": [p.schema() for p in self.parts], "fold": self.fold}


class BaseGame:
    """What every game shares. A game sets the class attributes, ``moves`` and ``options``,
    and writes ``new_game``, ``phase``, ``players``, ``view``, ``reminders``, ``vote_call``
    (and ``guard``, if a condition holds for every move)."""

    key: str = ""
    title: str = ""
    min_players: int = 0
    max_players: int = 0
    late_join: bool = False  # players may sit down after the start (the table vote)
    options: tuple[Option, ...] = ()
    data: Mapping[str, Any] = {}  # fixed data the screens draw from (via the companion)
    moves: Mapping[str, Move] = {}
    # the game's readings of open rules (where the rule texts are silent or their sources
    # disagree: the reading the app plays by, and the screens that say it), one sentence
    # each, naming the setup option that holds the choice in backticks ("Self-votes are
    # allowed: setup option `self_vote`.");
    # every option is named here (rules.testing.check_readings), and docs/readings.md's part for
    # a game of the project is these sentences (tests/structure/test_readings_listed.py)
    readings: tuple[str, ...] = ()

    # --- what a game writes -------------------------------------------------------------
    def new_game(self, players: tuple[str, ...], options: Mapping[str, Any]) -> Any:
        raise NotImplementedError

    def phase(self, state: Any) -> str:
        """The name of the phase the game is in (what ``Move.phases`` refers to)."""
        return ""

    def players(self, state: Any) -> tuple[str, ...]:
        """The players who may make ``"player"`` moves."""
        return _players(state)

    def guard(self, state: Any, actor: str) -> str | None:
        """The game's guard over every move (None: none), read before each move's own guards,
        by ``apply`` and ``legal_moves`` alike: the sentence says why ``actor`` may make no
        move now ("The game is over.")."""
        return None

    def view(self, state: Any, seat: str | None) -> Mapping[str, Any]:
        raise NotImplementedError

    def reminders(self, state: Any) -> tuple[str, ...]:
        return ()

    def reminders_for(self, state: Any, seat: str) -> tuple[str, ...]:
        """The reminders as a player's own phone says them: to "you". A game may say more
        (or less) to one seat by overriding this."""
        return tuple(second_person(line, seat) for line in self.reminders(state))

    def vote_call(self, state: Any) -> VoteCall | None:
        return None

    def outcome(self, state: Any) -> Outcome | None:
        """How the game came out, once it is over: an ``Outcome`` for the night's record
        (None while it is played, and for a game that never ends, as the table vote)."""
        return None

    def ballot_refusal(self, state: Any, call: VoteCall, voter: str,
                       choices: Sequence[str]) -> str | None:
        """Why the rules refuse this voter's ballot (None: they do not), e.g. "Resistance
        members must play Success". The companion asks it when a ballot is cast, after its own
        checks, and shows the sentence on the voter's own screen only; every phone shows the
        same ballot, so the voter's secret (their role) stays inside the rules. The sentence
        goes to the voter: it may say their secret, never another's."""
        return None

    # --- the contract, in one place -----------------------------------------------------
    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None) -> Any:
        """The first state: the players (``checked_players``) and the options
        (``checked_options``) checked here, once for every game, then the game's own
        ``new_game``."""
        return self.new_game(self.checked_players(players), self.checked_options(options))

    def checked_players(self, players: Sequence[str]) -> tuple[str, ...]:
        """The players, in seat order, their names trimmed: as many as the game takes
        (``min_players`` to ``max_players``; any number for a game of ``late_join``), each
        with a name of their own (two names that differ only in capitals are the same), none
        called as the table screen is."""
        if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
            raise RuleError(_("The players are a list of names."))
        low, high, n = self.min_players, self.max_players, len(players)
        if not self.late_join and n < low:
            raise RuleError(_("{game} is for {low} to {high} players; it needs at least "
                              "{low}, not {n}.", game=self.title, low=low, high=high, n=n))
        if not self.late_join and n > high:
            raise RuleError(_("{game} is for {low} to {high} players; it takes at most "
                              "{high}, not {n}.", game=self.title, low=low, high=high, n=n))
        if any(not isinstance(p, str) or not p.strip() for p in players):
            raise RuleError(_("Every player needs a name."))
        names = tuple(p.strip() for p in players)
        if len({p.casefold() for p in names}) != len(names):
            raise RuleError(_("Two players share a name; each player needs their own."))
        if TABLE in names:
            raise RuleError(_("'{name}' is the table screen's name; a player needs another.",
                              name=TABLE))
        return names

    def checked_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options with their defaults filled in, each checked against its schema."""
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            raise RuleError(_("The setup options are a list of named choices."))
        known = {o.name: o for o in self.options}
        unknown = [str(k) for k in options if k not in known]
        if unknown:
            raise RuleError(_("{game} has no setup option {names}.", game=self.title,
                              names=tuple(unknown)))
        return {name: o.check(options[name]) if name in options else o.default
                for name, o in known.items()}

    def apply(self, state: Any, action: Action) -> Any:
        move = self._guard(state, action)
        extra = set(action.args) - move.args
        if extra:
            raise RuleError(_("That move takes no {names}.", names=tuple(sorted(map(str, extra)))))
        return move.run(state, action)

    def with_chance(self, state: Any, action: Action, source: Any) -> Action:
        """The action with the dice and shuffles its move asks for (see ``Move.chance``);
        guards are checked first, so a refused move rolls nothing. An argument the move
        declares ``dealt`` comes from the companion only: typed by the caller, it is refused."""
        move = self._guard(state, action)
        typed = sorted(set(action.args) & move.dealt)
        if typed:
            raise RuleError(_("Only the companion deals {names}, in secret: a screen may not "
                              "type them.", names=tuple(typed)))
        if move.chance is None:
            return action
        filled = dict(move.chance(state, action.args, source))
        return Action(action.actor, action.move, {**filled, **action.args})

    def legal_moves(self, state: Any, actor: str) -> tuple[str, ...]:
        """The moves ``actor`` (``TABLE`` or a player) may make now, by name."""
        return tuple(m.name for m in self.moves.values()
                     if not m.internal and self._refusal(m, state, actor) is None)

    def awaits(self, state: Any, actor: str) -> bool:
        """Whether the game waits for ``actor`` now: a legal move it waits for."""
        def waits(move: Move) -> bool:
            if move.awaited is None:  # a secret move is not awaited, unless the game says
                return not move.secret
            return move.awaited(state, actor) if callable(move.awaited) else move.awaited
        return any(waits(self.moves[name]) for name in self.legal_moves(state, actor))

    def describe(self, before: Any, action: Action, after: Any) -> str:
        """The history line of ``action``, which led from ``before`` to ``after`` (the caller
        applied it; it is never applied again here). It names what the table may know and
        never a secret."""
        move = self.moves.get(action.move)
        if move is not None and move.secret:
            return ""  # no line: the table learns neither that a player acted nor who
        if move is None or move.describe is None:
            return _("{who}: {move}.", who=_who(action.actor), move=action.move.replace("_", " "))
        return move.describe(before, action, after)

    # --- guards -------------------------------------------------------------------------
    def _guard(self, state: Any, action: Action) -> Move:
        move = self.moves.get(action.move) if isinstance(action.move, str) else None
        if move is None:
            raise MoveNotAllowed(_("{game} has no move called {move}.", game=self.title,
                                   move=repr(action.move)))
        if not isinstance(action.args, Mapping):
            raise RuleError(_("A move's details are a list of names and values."))
        refusal = self._refusal(move, state, action.actor)
        if refusal:
            raise MoveNotAllowed(refusal)
        return move

    def _refusal(self, move: Move, state: Any, actor: str) -> str | None:
        refusal = self.guard(state, actor)
        if refusal:
            return refusal
        words = move.name.replace("_", " ")
        if move.by == TABLE_ONLY and actor != TABLE:
            return move.not_yours or _("Only the table screen can do that ({move}).", move=words)
        if move.by == PLAYER and actor not in self.players(state):
            return move.not_yours or (_("That is a player's move, made on their own phone.")
                                      if actor == TABLE else
                                      _("{name} is not playing in this game.", name=actor))
        if move.by == ANYONE and actor != TABLE and actor not in self.players(state):
            return move.not_yours or _("{name} is not playing in this game.", name=actor)
        if move.phases and self.phase(state) not in move.phases:
            not_now = move.not_now(state) if callable(move.not_now) else move.not_now
            return not_now or _("Not now: {move} is not part of this phase.", move=words)
        if move.allowed is not None:
            return move.allowed(state, actor)
        return None


def _who(actor: str) -> str | Message:
    return _("The table") if actor == TABLE else actor
