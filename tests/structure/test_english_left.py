"""No refusal in English only (issue 48): a sentence the rules or the screens refuse with is
a message of a catalog (``_("...")``), said in each screen's language, never a bare string
or an f-string. The modules left are public functions' own argument checks that no screen
reaches (the screens' fields check a value before it gets there), each named below with
why; docs/languages.md lists them under "Still English"."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REFUSALS = {"RuleError", "MoveNotAllowed", "Refused"}
NO_SCREEN_REACHES = {
    "rules/castaways/core.py": "the argument readers (arg_*) and check_removable",
    "rules/castaways/challenges.py": "_points: the lineup's points, from the rules",
    "rules/castaways/dice.py": "the roll-off's own checks: the dice come from the companion",
    "rules/castaways/health.py": "the gauge's bounds: moves step it by the rules",
    "rules/castaways/leader.py": "the Team Leader order's readers: the screen sends seats",
    "rules/castaways/roster.py": "castaways_per_player's counts: the base checks them first",
    "rules/robinson/hunting.py": "fight_beast's own arguments: public function",
    "rules/robinson/weather.py": "resolve_weather and scenario's own arguments",
    "rules/survivor/tally_votes.py": "tally's own arguments: the companion's count",
    "rules/survivor/state.py": "unreachable: two players left end the game",
}


def english_refusals(path: Path) -> list[str]:
    """Each refusal in ``path`` whose sentence is a string, not a message."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        said = node.args[0]
        if name in REFUSALS and (isinstance(said, (ast.JoinedStr, ast.BinOp)) or (
                isinstance(said, ast.Constant) and isinstance(said.value, str))):
            found.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno}: "
                         f"{ast.unparse(said)[:80]}")
    return found


def test_every_refusal_is_a_message_of_a_catalog():
    left = [hit for folder in ("rules", "views")  # the companion's record imports: English
            for path in sorted((ROOT / folder).rglob("*.py"))
            if path.relative_to(ROOT).as_posix() not in NO_SCREEN_REACHES
            for hit in english_refusals(path)]
    assert not left, "refusals in English only (make each a message: _(...)):\n" + "\n".join(left)


def test_the_check_finds_an_english_refusal(tmp_path):
    """The check itself can fail: an f-string refusal is found, a message is not."""
    sample = ROOT / "tests" / "structure" / "_sample_refusal.py"
    sample.write_text('raise RuleError(f"{name} may not.")\nraise RuleError(_("No."))\n',
                      encoding="utf-8")
    try:
        assert len(english_refusals(sample)) == 1
    finally:
        sample.unlink()
