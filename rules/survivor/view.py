"""What each seat sees of Survivor: The Tribe Has Spoken (the table screen: seat ``None``).

The table screen sees what the whole table sees; a phone sees that plus its own secrets (the
Extra Vote cards its player uses, and so how many votes they cast). Nobody sees the Voting
Box's contents before it is opened. Screens never compare phase names: the payload says in
plain values what they need (``council_open``, ``reading``, ``voting``, ``asking``...), and
the moves a seat may make come from ``legal_moves``.
"""
from __future__ import annotations

from typing import Any

from .setup import DOUBLE, KIND_WORDS, deck_seeding, draw_pile_action_cards, seeding_sentence
from .setup import tribal_council_cards
from .state import (
    CHOICE, COUNCIL, FINAL, JURY_VOTE, QUESTIONS, READING, TIE_BREAK, TURN, VOTE, Council, Final,
    State, pair_value,
)
from .text import COUNTDOWN, FINAL_QUESTIONS, STEP_WORDS, TABLE_LIMITS, choice_question
from .text import choice_ask, choices
from .text import reminders, speeches
from .voting_box import votes_of


def english(messages) -> list[str]:
    """The view is plain JSON: a sentence in it is its English (a screen says its own words
    in its reader's language, from the plain values beside it)."""
    return [str(m) for m in messages]


def view(state: State, seat: str | None) -> dict[str, Any]:
    """The whole view for ``seat``: the table's, plus ``you`` for a player."""
    data = table_view(state)
    if state.council is not None:
        data["council"] = council_view(state, state.council, seat)
    if state.final is not None:
        data["final"] = final_view(state.final)
    if seat is not None and seat in state.players:
        data["you"] = your_view(state, seat)
    return data


def table_view(state: State) -> dict[str, Any]:
    n = len(state.players)
    single, double = tribal_council_cards(n)
    return {
        "game": "survivor",
        "phase": state.phase,
        "council_open": state.phase == COUNCIL,
        "players": [
            {"name": p, "characters": c, "vote_cards": v, "still_in": c > 0,
             "juror": p in state.jury,
             "playing_now": state.phase == TURN and state.turn == p}
            for p, c, v in zip(state.players, state.characters, state.vote_cards)
        ],
        "turn": state.turn,
        "tribal_council_cards": {
            "single": single, "double": double,
            "single_left": state.single_left, "double_left": state.double_left,
            "draw_pile_empty": state.single_left + state.double_left == 0,
        },
        "draw_pile_action_cards": draw_pile_action_cards(n),
        "seeding": list(deck_seeding(n)),
        "seeding_sentence": str(seeding_sentence(n)),
        "jury": list(state.jury),
        "council": None,
        "final": None,
        "winner": state.winner,
        "options": {"self_vote": state.options.self_vote,
                    "final_leader": state.options.final_leader},
        "unconfirmed": english(choices(state.options)),
        "reminders": english(reminders(state)),
        "speeches": english(speeches(state)),
        "limits": [str(TABLE_LIMITS)] if state.phase == TURN else [],
    }


def council_view(state: State, council: Council, seat: str | None) -> dict[str, Any]:
    opened = council.result is not None
    data: dict[str, Any] = {
        "number": council.number,
        "kind": council.kind,
        "kind_name": str(KIND_WORDS[council.kind]),
        "voted_out_count": 2 if council.kind == DOUBLE else 1,
        "leader": council.leader,
        "step": council.step,
        "voting": state.phase == COUNCIL and council.step == VOTE,  # the box goes round
        "reading": state.phase == COUNCIL and council.step == READING,
        "advantage_votes": {p: n for p, n in council.advantage},
        # who votes, never how many votes: "So no one can hear how many votes are being cast."
        "voters": [v for v, _ in council.allotment],
        "idols": list(council.idols),
        "box_opened": opened,
        "votes": {p: n for p, n in council.ballots} if opened else None,
        "counted": {p: n for p, n in council.result.counted} if opened else None,
        "voided": {p: n for p, n in council.result.voided} if opened else None,
        "choice": choice_view(council),
        "steps": step_track(council),
        "voted_out": list(council.voted_out),
        "eliminated": list(council.eliminated),
    }
    if seat is not None and seat in state.players:  # this seat's own secrets only
        data["your_extra_vote_cards"] = pair_value(council.extra, seat)
        data["your_votes"] = (votes_of(council, seat)
                              if seat in dict(council.allotment) else None)
        if council.choice is not None and seat == council.leader:  # asked as "you"
            data["your_question"] = str(choice_ask(council))
    return data


def step_track(council: Council) -> list[dict[str, Any]]:
    """The Tribal Council's steps in order, each with ``now`` or ``done``: a track the table
    shows with a marker. "Leader decides" is listed only while the leader decides."""
    order = [step for step, _ in STEP_WORDS]
    here = order.index(council.step)
    return [{"name": str(words), "now": i == here, "done": i < here}
            for i, (step, words) in enumerate(STEP_WORDS)
            if step != CHOICE or council.step == CHOICE]


def choice_view(council: Council) -> dict | None:
    choice = council.choice
    if choice is None:
        return None
    return {"picks": choice.picks, "pick_from": list(choice.pick_from),
            "reason": choice.reason, "by": council.leader,
            "question": str(choice_question(council))}


def final_view(final: Final) -> dict[str, Any]:
    return {
        "finalists": list(final.finalists),
        "jury": list(final.jury),
        "leader": final.leader,
        "step": final.step,
        "asking": final.step == QUESTIONS,
        "jury_voting": final.step == JURY_VOTE,
        "questions": english(FINAL_QUESTIONS),
        "countdown": str(COUNTDOWN),
        "votes": None if final.votes is None else {p: n for p, n in final.votes},
        "tie": final.step == TIE_BREAK,
        "winner": final.winner,
    }


def your_view(state: State, seat: str) -> dict[str, Any]:
    council = state.council if state.phase == COUNCIL else None
    final = state.final
    return {
        "name": seat,
        "characters": state.characters_of(seat),
        "vote_cards": state.vote_cards_of(seat),
        "still_in": state.characters_of(seat) > 0,
        "juror": seat in state.jury,
        "your_turn": state.phase == TURN and state.turn == seat,
        "tribal_council_leader": council is not None and council.leader == seat,
        "must_choose": (council is not None and council.choice is not None
                        and council.leader == seat),
        "final_tribal_council_leader": (final is not None and final.leader == seat
                                        and state.phase == FINAL),
        "must_break_tie": final is not None and final.step == TIE_BREAK and final.leader == seat,
    }
